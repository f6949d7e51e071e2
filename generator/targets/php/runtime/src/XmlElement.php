<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** One element of a parsed document: name, attributes, children, and its own text. */
final class XmlElement
{
    /** @var list<XmlElement> */
    public array $children = [];
    /** @var array<string, string> */
    public array $attrs = [];
    public string $text = '';

    public function __construct(public string $name)
    {
    }
}
