<?php

declare(strict_types=1);

use Crmgen\Client\Runtime\Codec;
use Crmgen\Client\Runtime\Xml;
use PHPUnit\Framework\TestCase;

/** The descriptor interpreter: every kind of descriptor, in XML, JSON and form. */
final class CodecTest extends TestCase
{
    private const ITEM = [
        'k' => 'o',
        'f' => [
            'id' => ['k' => 's', 's' => 'i'],
            'name' => ['k' => 's', 's' => 't'],
            'amount' => ['k' => 's', 's' => 'n'],
            'flagged' => ['k' => 's', 's' => 'F'],
            'done' => ['k' => 's', 's' => 'f'],
            'due' => ['k' => 's', 's' => 'd'],
            'ids' => ['k' => 's', 's' => 'il'],
            'emails' => ['k' => 's', 's' => 'sl'],
            'owner' => ['k' => 's', 's' => 'of'],
            'assignedto' => ['k' => 's', 's' => 'i'],
            'categories' => ['k' => 'l', 'e' => 'category', 'of' => ['k' => 's', 's' => 'i']],
            'related' => ['k' => 'y', 'p' => 'id', 'as' => 'related', 'of' => ['k' => 'o', 'f' => ['note' => ['k' => 's', 's' => 't']]]],
            'typeid' => ['k' => 's', 's' => 'i'],
            'fields' => ['k' => 'm', 'of' => ['k' => 's', 's' => 't']],
            'errors' => ['k' => 'm', 'of' => ['k' => 's', 's' => 't']],
        ],
        'c' => '^custom[0-9]+$',
        'lb' => ['name' => 'Name'],
        'sel' => ['on' => 'typeid', 'f' => 'fields', 'cases' => ['3' => ['k' => 'o', 'f' => ['details' => ['k' => 's', 's' => 't']]]]],
        'an' => ['a' => 'cn', 's' => '@cn', 'f' => ['assignedto']],
    ];

    private const VALUE = [
        'id' => 7,
        'name' => 'A & B',
        'amount' => 2.5,
        'flagged' => 0,
        'done' => 1,
        'due' => '2030-01-02',
        'ids' => [1, 2],
        'emails' => ['"Lee, Ann" <a@x.example>', 'b@x.example'],
        'owner' => 'me',
        'assignedto' => 4,
        'categories' => [3, 4],
        'related' => [['id' => 9, 'note' => 'n']],
        'typeid' => 3,
        'fields' => ['details' => 'hello'],
        'custom12' => 'c',
    ];

    public function testXmlRoundTrip(): void
    {
        $xml = Codec::toXml(self::ITEM, self::VALUE, 'request');
        self::assertStringContainsString('<name label="Name">A &amp; B</name>', $xml);
        self::assertStringContainsString('<flagged/>', $xml);
        self::assertStringContainsString('<categories><category>3</category><category>4</category></categories>', $xml);
        self::assertStringContainsString('<related><id9><note>n</note></id9></related>', $xml);
        self::assertStringContainsString('<custom12>c</custom12>', $xml);
        $back = Codec::fromXml(self::ITEM, Xml::parse(str_replace('<assignedto>', '<assignedto cn="Ann">', $xml), 100000, 10, 1000));
        self::assertSame(7, $back['id']);
        self::assertSame(2.5, $back['amount']);
        self::assertSame(0, $back['flagged']);
        self::assertSame([1, 2], $back['ids']);
        self::assertSame(['"Lee, Ann" <a@x.example>', 'b@x.example'], $back['emails']);
        self::assertSame([3, 4], $back['categories']);
        self::assertSame([['id' => 9, 'note' => 'n']], $back['related']);
        self::assertSame(['details' => 'hello'], $back['fields']);
        self::assertSame('c', $back['custom12']);
        self::assertSame('Ann', $back['assignedto@cn']);
    }

    public function testJsonRoundTrip(): void
    {
        $json = json_decode((string) json_encode(Codec::toJson(self::ITEM, self::VALUE)), true);
        self::assertSame(['note' => 'n'], $json['related']['id9']);
        $back = Codec::fromJson(self::ITEM, $json + ['assignedto@cn' => 'Ann', 'unknown' => 1]);
        self::assertSame([['id' => 9, 'note' => 'n']], $back['related']);
        self::assertSame(['details' => 'hello'], $back['fields']);
        self::assertSame('Ann', $back['assignedto@cn']);
        self::assertArrayNotHasKey('unknown', $back);
        // The literal container form and strings for numbers.
        $lit = Codec::fromJson(self::ITEM, ['categories' => ['category' => ['5']], 'id' => '8', 'done' => '0', 'amount' => '1.5', 'related' => [['id' => 2]]]);
        self::assertSame([5], $lit['categories']);
        self::assertSame(8, $lit['id']);
        self::assertSame(0, $lit['done']);
        self::assertSame(1.5, $lit['amount']);
        self::assertSame([['id' => 2]], $lit['related']);
        self::assertEquals(new \stdClass(), Codec::toJson(['k' => 'o', 'f' => []], []));
    }

    public function testInlineEntries(): void
    {
        $desc = ['k' => 'o', 'f' => ['count' => ['k' => 's', 's' => 'i']], 'inl' => ['p' => 'id', 'as' => 'entries', 'of' => ['k' => 'o', 'f' => ['name' => ['k' => 's', 's' => 't']]]]];
        $v = Codec::fromXml($desc, Xml::parse('<response><count>2</count><id4><name>a</name></id4><id5><name>b</name></id5></response>', 1000, 5, 50));
        self::assertSame(['count' => 2, 'entries' => [['id' => 4, 'name' => 'a'], ['id' => 5, 'name' => 'b']]], $v);
        $j = Codec::fromJson($desc, ['count' => 1, 'id4' => ['name' => 'a']]);
        self::assertSame([['id' => 4, 'name' => 'a']], $j['entries']);
        $j = Codec::fromJson($desc, ['count' => 1, 'entries' => [['id' => 4, 'name' => 'a']]]);
        self::assertSame([['id' => 4, 'name' => 'a']], $j['entries']);
    }

    public function testForm(): void
    {
        $pairs = Codec::toForm(self::ITEM, ['name' => 'a b', 'categories' => [3], 'related' => [['id' => 2, 'note' => 'x']], 'fields' => ['k' => 'v'], 'custom1' => 'c', 'ids' => [1, 2]]);
        self::assertSame('name=a%20b&ids=1%2C2&categories%5Bcategory%5D%5B%5D=3&related%5Bid2%5D%5Bnote%5D=x&fields%5Bk%5D=v&custom1=c', Codec::query($pairs));
        $objects = ['k' => 'l', 'e' => 'e', 'of' => ['k' => 'o', 'f' => ['a' => ['k' => 's', 's' => 't']]]];
        self::assertSame([['x[e][0][a]', '1']], Codec::toForm($objects, [['a' => '1']], 'x'));
    }

    public function testScalars(): void
    {
        self::assertNull(Codec::scalar('i', ''));
        self::assertSame('x', Codec::scalar('i', 'x'));
        self::assertSame('', Codec::scalar('of', ''));
        self::assertSame(3, Codec::scalar('of', '3'));
        self::assertNull(Codec::scalar('n', ' '));
        self::assertSame(0, Codec::scalar('F', ''));
        self::assertNull(Codec::scalar('f', ''));
        self::assertSame('1', Codec::scalar('t', true));
        self::assertSame('5', Codec::scalar('t', 5));
        self::assertNull(Codec::scalar('d', ''));
        self::assertSame([], Codec::scalar('sl', ' '));
        self::assertSame(['4'], Codec::scalar('sl', 4));
        self::assertSame([4], Codec::scalar('il', 4));
        self::assertSame(['a' => '1'], Codec::scalar('t', ['a' => '1']));
        self::assertNull(Codec::scalar('t', null));
        self::assertSame(['a', 'b'], Codec::splitList('a, b,'));
        $el = Xml::parse('<r><a><b>1</b></a></r>', 100, 5, 10);
        self::assertSame(['a' => ['b' => '1']], Codec::generic($el));
        self::assertSame(['b' => '1'], Codec::fromXml(['k' => 's', 's' => 't'], $el->a[0]));
    }
}
