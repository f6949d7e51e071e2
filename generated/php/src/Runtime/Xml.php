<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/**
 * The hostile-input-safe XML reader: XMLReader over the bytes in memory, with no DTD loading,
 * no entity substitution and no network (LIBXML_NONET); a DOCTYPE or an entity reference is refused
 * outright, and size, depth and element count are bounded by the service's own limits.
 */
final class Xml
{
    public static function parse(string $body, int $maxBytes, int $maxDepth, int $maxElements): XmlElement
    {
        if (strlen($body) > $maxBytes) {
            throw new XmlException('document of ' . strlen($body) . " bytes exceeds the limit of {$maxBytes}");
        }
        if ($body === '') {
            throw new XmlException('empty document');
        }
        $reader = new \XMLReader();
        $previous = libxml_use_internal_errors(true);
        try {
            if (!$reader->XML($body, 'UTF-8', LIBXML_NONET | LIBXML_NOCDATA)) {
                throw new XmlException('unreadable document');
            }
            $reader->setParserProperty(\XMLReader::LOADDTD, false);
            $reader->setParserProperty(\XMLReader::SUBST_ENTITIES, false);
            $reader->setParserProperty(\XMLReader::DEFAULTATTRS, false);
            $reader->setParserProperty(\XMLReader::VALIDATE, false);
            /** @var list<XmlElement> $stack */
            $stack = [];
            $root = null;
            $count = 0;
            while (true) {
                $ok = @$reader->read();
                if (!$ok) {
                    $error = libxml_get_last_error();
                    if ($error !== false) {
                        throw new XmlException('malformed XML: ' . trim($error->message));
                    }
                    break;
                }
                switch ($reader->nodeType) {
                    case \XMLReader::DOC_TYPE:
                        throw new XmlException('a DOCTYPE is not accepted');
                    case \XMLReader::ENTITY_REF:
                    case \XMLReader::ENTITY:
                        throw new XmlException('entity references are not accepted');
                    case \XMLReader::ELEMENT:
                        if (++$count > $maxElements) {
                            throw new XmlException("too many elements (limit {$maxElements})");
                        }
                        if (count($stack) >= $maxDepth) {
                            throw new XmlException("elements nested too deeply (limit {$maxDepth})");
                        }
                        if ($root !== null && $stack === []) {
                            throw new XmlException('more than one root element');
                        }
                        $el = new XmlElement($reader->localName);
                        if ($reader->hasAttributes) {
                            while ($reader->moveToNextAttribute()) {
                                $el->attrs[$reader->localName] = $reader->value;
                            }
                            $reader->moveToElement();
                        }
                        if ($stack === []) {
                            $root = $el;
                        } else {
                            $stack[count($stack) - 1]->children[] = $el;
                        }
                        if (!$reader->isEmptyElement) {
                            $stack[] = $el;
                        }
                        break;
                    case \XMLReader::END_ELEMENT:
                        array_pop($stack);
                        break;
                    case \XMLReader::TEXT:
                    case \XMLReader::CDATA:
                    case \XMLReader::WHITESPACE:
                    case \XMLReader::SIGNIFICANT_WHITESPACE:
                        if ($stack !== []) {
                            $stack[count($stack) - 1]->text .= $reader->value;
                        }
                        break;
                }
            }
            if ($root === null || $stack !== []) {
                throw new XmlException('malformed XML: no complete root element');
            }
            return $root;
        } finally {
            $reader->close();
            libxml_clear_errors();
            libxml_use_internal_errors($previous);
        }
    }

    public static function escape(string $text): string
    {
        return htmlspecialchars($text, ENT_XML1 | ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8');
    }
}
