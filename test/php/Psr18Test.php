<?php

declare(strict_types=1);

use Crmgen\Client\Client;
use Crmgen\Client\Model;
use Crmgen\Client\Runtime\ConnectionException;
use Crmgen\Client\Runtime\Format;
use Crmgen\Client\Runtime\Psr18Transport;
use PHPUnit\Framework\TestCase;

/**
 * The PSR-18 adapter over a real PSR-18 client (Guzzle 7 and nyholm/psr7 from Debian, loaded from
 * /usr/share/php: the package itself never requires them) against the live service.
 */
final class Psr18Test extends TestCase
{
    private static function transport(): Psr18Transport
    {
        foreach (['/usr/share/php/GuzzleHttp/autoload.php', '/usr/share/php/Nyholm/Psr7/autoload.php'] as $f) {
            if (!is_file($f)) {
                self::markTestSkipped("{$f} is not installed (apt-get install php-guzzlehttp-guzzle php-nyholm-psr7)");
            }
            require_once $f;
        }
        $factory = new Nyholm\Psr7\Factory\Psr17Factory();
        return new Psr18Transport(new GuzzleHttp\Client(['http_errors' => false]), $factory, $factory);
    }

    public function testCallsThroughAPsr18Client(): void
    {
        $crm = Client::create((string) getenv('CRM_URL'), (string) getenv('CRM_EMAIL'), (string) getenv('CRM_TOKEN'), Format::Json, self::transport());
        $c = $crm->contacts->create(new Model\ContactsCreateRecordRequest(firstname: 'Psr', lastname: 'Eighteen'));
        self::assertSame('Psr Eighteen', $crm->contacts->show($c->item->id)->item->name);
        $crm->contacts->create(new Model\ContactsCreateRecordRequest(firstname: "X"));
        self::assertSame(201, $crm->lastResponse()?->status);
        self::assertNotNull($crm->lastResponse()?->location);
    }

    public function testConnectionFailure(): void
    {
        $crm = Client::create('http://127.0.0.1:9', 'a@x.example', 't', Format::Xml, self::transport(), retry: new Crmgen\Client\Runtime\Retry(max: 0));
        $this->expectException(ConnectionException::class);
        $crm->ownership->list();
    }
}
