<?php

declare(strict_types=1);

use Crmgen\Client\Runtime\Batch;
use Crmgen\Client\Runtime\Pages;
use PHPUnit\Framework\TestCase;

/** The multipart/mixed codec and lazy pages. */
final class BatchTest extends TestCase
{
    public function testEncode(): void
    {
        $body = Batch::encode([['method' => 'POST', 'path' => '/contacts/', 'headers' => ['accept' => 'application/xml', 'content-type' => 'application/xml', 'Content-Length' => '3'], 'body' => '<request/>']], 'b1', 'application/http');
        self::assertSame("--b1\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\nContent-ID: <1>\r\n\r\nPOST /contacts/ HTTP/1.1\r\nContent-Type: application/xml\r\nContent-Length: 10\r\nAccept: application/xml\r\n\r\n<request/>\r\n--b1--\r\n", $body);
    }

    public function testDecode(): void
    {
        $body = "--x\r\nContent-Type: application/http\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: application/xml\r\nContent-Length: 3\r\n\r\nabc\r\n--x\r\nContent-Type: application/http\r\n\r\nHTTP/1.1 404 Not Found\r\n\r\nnope\r\n--x--\r\n";
        $parts = Batch::decode($body, 'multipart/mixed; boundary="x"');
        self::assertCount(2, $parts);
        self::assertSame([200, 'abc', 'application/xml'], [$parts[0]->status, $parts[0]->body, $parts[0]->header('Content-Type')]);
        self::assertSame([404, 'nope'], [$parts[1]->status, $parts[1]->body]);
        self::assertSame('y', Batch::boundaryOf('multipart/mixed; boundary=y'));
        self::assertNull(Batch::boundaryOf(null));
    }

    public function testRefusesNonMultipart(): void
    {
        $this->expectException(\UnexpectedValueException::class);
        Batch::decode('x', 'application/xml');
    }

    public function testRefusesPartsWithoutResponses(): void
    {
        foreach (["--x\r\nno headers", "--x\r\nA: b\r\n\r\nGET / HTTP/1.1\r\n\r\n"] as $body) {
            try {
                Batch::decode($body . "\r\n--x--", 'multipart/mixed; boundary=x');
                self::fail('accepted');
            } catch (\UnexpectedValueException $e) {
                self::assertNotSame('', $e->getMessage());
            }
        }
    }

    public function testPagesFetchLazily(): void
    {
        $fetched = [];
        $pages = Pages::iterate(function (int $start) use (&$fetched): array {
            $fetched[] = $start;
            return [array_slice([1, 2, 3, 4, 5], $start, 2), 5];
        });
        self::assertSame([], $fetched);
        self::assertSame(1, $pages->current());
        self::assertSame([0], $fetched);
        self::assertSame([1, 2, 3, 4, 5], iterator_to_array($pages, false));
        self::assertSame([0, 2, 4], $fetched);
    }
}
