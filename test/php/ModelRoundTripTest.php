<?php

declare(strict_types=1);

use Crmgen\Client\Runtime\Codec;
use Crmgen\Client\Runtime\Xml;
use PHPUnit\Framework\TestCase;

require_once __DIR__ . '/Samples.php';

/**
 * Every value class of the package, with every property given: fromWire(toWire()) gives the same
 * wire array back, and so does the wire array once written as XML and JSON and read again by the
 * codec, for the messages whose descriptor the package holds.
 */
final class ModelRoundTripTest extends TestCase
{
    public function testEveryClassRoundTrips(): void
    {
        $classes = Samples::classes('Model');
        $n = 0;
        foreach ($classes as $class) {
            if (!class_exists($class)) {
                continue;
            }
            $value = Samples::build($class);
            $wire = $value->toWire();
            // Compared on the wire: a parent id reads back as the first of the allowed parents' classes.
            self::assertEquals($wire, $class::fromWire($wire)->toWire(), $class);
            $n++;
        }
        self::assertGreaterThan(50, $n);
    }

    public function testMessagesThroughTheWire(): void
    {
        $descs = new ReflectionClassConstant(Crmgen\Client\Descriptors::class, 'ALL');
        $n = 0;
        foreach ($descs->getValue() as $key => $desc) {
            $class = 'Crmgen\\Client\\Model\\' . str_replace(['.', '/'], '', ucwords(preg_replace('/^(records|activities)\//', '', $key), './'));
            if (!class_exists($class) || str_ends_with($key, '.params')) {
                continue;
            }
            $value = Samples::build($class);
            $wire = $value->toWire();
            $xml = Codec::toXml($desc, $wire, 'response');
            self::assertEquals($wire, $class::fromWire(Codec::fromXml($desc, Xml::parse($xml, 1 << 20, 32, 10000)))->toWire(), "{$key} (XML)");
            $json = json_decode((string) json_encode(Codec::toJson($desc, $wire)), true);
            self::assertEquals($wire, $class::fromWire(Codec::fromJson($desc, $json))->toWire(), "{$key} (JSON)");
            $n++;
        }
        self::assertGreaterThan(20, $n);
    }
}
