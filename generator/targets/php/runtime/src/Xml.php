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
        libxml_clear_errors();
        try {
            if (!$reader->XML($body, 'UTF-8', LIBXML_NONET)) {
                throw new XmlException('unreadable document');
            }
            // LOADDTD, SUBST_ENTITIES, DEFAULTATTRS and VALIDATE are off by default (setting them again
            // costs a third of a parse): no DTD is read, no entity expanded; a DOCTYPE is refused below.
            // The open elements below the current one; one loop over the reader's nodes (the hot path of every answer).
            $stack = [];
            $depth = 0;
            $top = null;
            $root = null;
            $count = 0;
            while ($reader->read()) {
                $type = $reader->nodeType;
                if ($type === \XMLReader::ELEMENT) {
                    if (++$count > $maxElements) {
                        throw new XmlException("too many elements (limit {$maxElements})");
                    }
                    if ($depth >= $maxDepth) {
                        throw new XmlException("elements nested too deeply (limit {$maxDepth})");
                    }
                    $el = new XmlElement($reader->localName);
                    if ($reader->hasAttributes) {
                        while ($reader->moveToNextAttribute()) {
                            $el->attrs[$reader->localName] = $reader->value;
                        }
                        $reader->moveToElement();
                    }
                    if ($top !== null) {
                        $top->children[] = $el;
                    } elseif ($root === null) {
                        $root = $el;
                    } else {
                        throw new XmlException('more than one root element');
                    }
                    if (!$reader->isEmptyElement) {
                        $stack[$depth++] = $top;
                        $top = $el;
                    }
                } elseif ($type === \XMLReader::END_ELEMENT) {
                    $top = $stack[--$depth];
                } elseif ($type === \XMLReader::TEXT || $type === \XMLReader::CDATA || $type === \XMLReader::WHITESPACE || $type === \XMLReader::SIGNIFICANT_WHITESPACE) {
                    if ($top !== null) {
                        $top->text .= $reader->value;
                    }
                } elseif ($type === \XMLReader::DOC_TYPE) {
                    throw new XmlException('a DOCTYPE is not accepted');
                } elseif ($type === \XMLReader::ENTITY_REF || $type === \XMLReader::ENTITY) {
                    throw new XmlException('entity references are not accepted');
                }
            }
            $error = libxml_get_last_error();
            if ($error !== false) {
                throw new XmlException('malformed XML: ' . trim($error->message));
            }
            if ($root === null || $depth !== 0) {
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
