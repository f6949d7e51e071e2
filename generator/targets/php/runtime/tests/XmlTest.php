<?php

declare(strict_types=1);

use Crmgen\Client\Runtime\Xml;
use Crmgen\Client\Runtime\XmlException;
use PHPUnit\Framework\TestCase;

/** The safe XML reader refuses DTDs, entities, external references and documents past its limits. */
final class XmlTest extends TestCase
{
    private static function parse(string $xml, int $bytes = 10000, int $depth = 8, int $elements = 100): \SimpleXMLElement
    {
        return Xml::parse($xml, $bytes, $depth, $elements);
    }

    public function testReadsElementsAttributesAndText(): void
    {
        $el = self::parse('<?xml version="1.0"?><response><item id="3"><name cn="Ann">A &amp; B</name><e/></item><![CDATA[x]]></response>');
        self::assertSame('response', $el->getName());
        self::assertSame('item', $el->item->getName());
        self::assertSame('3', (string) $el->item['id']);
        self::assertSame('A & B', (string) $el->item->name);
        self::assertSame('Ann', (string) $el->item->name['cn']);
        self::assertSame(0, $el->item->e->children()->count());
        self::assertSame('x', (string) $el);
    }

    /** @return array<string, array{string}> */
    public static function hostile(): array
    {
        return [
            'internal entity' => ['<!DOCTYPE r [<!ENTITY a "aaaa">]><r>&a;</r>'],
            'billion laughs' => ['<!DOCTYPE r [<!ENTITY a "aa"><!ENTITY b "&a;&a;&a;">]><r>&b;</r>'],
            'external entity' => ['<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>'],
            'external DTD' => ['<!DOCTYPE r SYSTEM "http://127.0.0.1:9/x.dtd"><r/>'],
            'undefined entity' => ['<r>&nope;</r>'],
            'malformed' => ['<r><a></r>'],
            'two roots' => ['<r/><s/>'],
            'empty' => [''],
            'truncated' => ['<r><a>'],
        ];
    }

    /** @dataProvider hostile */
    public function testRefuses(string $xml): void
    {
        $this->expectException(XmlException::class);
        self::parse($xml);
    }

    public function testLimits(): void
    {
        foreach ([
            [str_repeat('<a>', 9) . str_repeat('</a>', 9), 'deeply'],
            ['<r>' . str_repeat('<a/>', 100) . '</r>', 'too many'],
            ['<r>' . str_repeat(' ', 10001) . '</r>', 'exceeds'],
        ] as [$xml, $message]) {
            try {
                self::parse($xml);
                self::fail("accepted: {$message}");
            } catch (XmlException $e) {
                self::assertStringContainsString($message, $e->getMessage());
            }
        }
        self::assertSame('a', self::parse(str_repeat('<a>', 8) . str_repeat('</a>', 8))->getName());
        self::assertSame('r', self::parse('<r>' . str_repeat('<a/>', 99) . '</r>')->getName());
    }

    public function testEscape(): void
    {
        self::assertSame('&lt;a b=&quot;1&quot;&gt; &amp; &apos;', Xml::escape('<a b="1"> & \''));
    }
}
