<?php

declare(strict_types=1);

use Crmgen\Client\Client;
use Crmgen\Client\Runtime\Format;
use Crmgen\Client\Runtime\ServiceException;
use PHPUnit\Framework\TestCase;

require_once __DIR__ . '/Samples.php';

/**
 * Every method of every resource of the client, found by reflection (so a new activity type is
 * covered with no edit), called against the live service with sample arguments in XML and JSON:
 * each reaches a route the service knows (no unknownpath 404, no 405), and an answer, when the
 * service accepts the sample, decodes into the method's declared class.
 */
final class EveryOperationTest extends TestCase
{
    /** @return array<string, array{Format}> */
    public static function formats(): array
    {
        return ['xml' => [Format::Xml], 'json' => [Format::Json]];
    }

    /** @dataProvider formats */
    public function testEveryOperationReachesItsRoute(Format $format): void
    {
        $crm = Client::create((string) getenv('CRM_URL'), (string) getenv('CRM_EMAIL'), (string) getenv('CRM_TOKEN'), $format);
        // Records of every kind first: their ids are the samples of the kind's id class.
        Samples::$ids = [];
        foreach ((new ReflectionClass($crm))->getProperties() as $p) {
            $resource = $p->getValue($crm);
            if (is_object($resource) && method_exists($resource, 'create') && property_exists($resource, 'activities')) {
                $m = new ReflectionMethod($resource, 'create');
                $type = $m->getParameters()[0]->getType();
                $created = $resource->create(new ($type instanceof ReflectionNamedType ? $type->getName() : 'stdClass')());
                Samples::$ids[$created->item->id::class] = $created->item->id;
            }
        }
        $calls = 0;
        $answered = 0;
        $problems = [];
        $walk = function (object $resource, string $path) use (&$walk, &$calls, &$answered, &$problems): void {
            $r = new ReflectionObject($resource);
            foreach ($r->getProperties(ReflectionProperty::IS_PUBLIC) as $p) {
                $child = $p->getValue($resource);
                if (is_object($child) && str_starts_with($child::class, 'Crmgen\\Client\\Resource\\')) {
                    $walk($child, "{$path}->{$p->getName()}");
                }
            }
            foreach ($r->getMethods(ReflectionMethod::IS_PUBLIC) as $m) {
                if ($m->isConstructor() || $m->isStatic()) {
                    continue;
                }
                // Deletes last: the records are the samples of the other calls.
                $args = array_map(static fn (ReflectionParameter $p) => Samples::forParameter($p, null), $m->getParameters());
                $calls++;
                try {
                    $result = $m->invokeArgs($resource, $args);
                    if ($result instanceof Generator) {
                        foreach ($result as $_) {
                            break;
                        }
                    } else {
                        self::assertInstanceOf((string) $m->getReturnType(), $result);
                    }
                    $answered++;
                } catch (ServiceException $e) {
                    if (($e->status === 404 && $e->has('unknownpath')) || $e->status === 405 || $e->status >= 500) {
                        $problems[] = "{$path}->{$m->getName()}: {$e->status} {$e->getMessage()}";
                    }
                }
            }
        };
        foreach ((new ReflectionClass($crm))->getProperties() as $p) {
            $resource = $p->getValue($crm);
            if (is_object($resource) && str_starts_with($resource::class, 'Crmgen\\Client\\Resource\\')) {
                $walk($resource, "\$crm->{$p->getName()}");
            }
        }
        self::assertSame([], $problems);
        self::assertGreaterThan(100, $calls);
        self::assertGreaterThan(20, $answered);
    }
}
