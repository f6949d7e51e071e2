<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/**
 * The interpreter of wire descriptors (the same format the TypeScript runtime reads, emitted as
 * PHP arrays into Descriptors.php): XML, JSON and form bodies to the wire-shaped arrays the value
 * classes are built from, and back. Kinds: s scalar, o object, l container of one repeated element,
 * y children named prefix<N>, m children with free names.
 *
 * @phpstan-type Desc array<string, mixed>
 */
final class Codec
{
    // ---------- scalars ----------

    /** A wire text (or JSON value) as its typed value; null means "not given". */
    public static function scalar(string $code, mixed $v): mixed
    {
        if ($v === null) {
            return null;
        }
        if (is_array($v)) {
            return $v;
        }
        switch ($code) {
            case 't':
                return is_string($v) ? $v : (is_bool($v) ? ($v ? '1' : '0') : (string) $v);
            case 'i':
            case 'of':
                if (is_int($v)) {
                    return $v;
                }
                $s = trim((string) $v);
                if ($s === '') {
                    return $code === 'of' ? '' : null;
                }
                return preg_match('/^-?\d+$/', $s) === 1 ? (int) $s : $s;
            case 'n':
                if (is_int($v) || is_float($v)) {
                    return (float) $v;
                }
                $s = trim((string) $v);
                return $s === '' ? null : (is_numeric($s) ? (float) $s : $s);
            case 'f':
            case 'F':
                if ($v === 1 || $v === '1' || $v === true) {
                    return 1;
                }
                if ($v === 0 || $v === '0' || $v === false) {
                    return 0;
                }
                return $v === '' ? ($code === 'F' ? 0 : null) : $v;
            case 'd':
            case 'dt':
            case 'dd':
                $s = trim((string) $v);
                return $s === '' ? null : $s;
            case 'il':
                $parts = is_string($v) ? self::splitList($v) : [$v];
                return array_map(static fn ($p) => is_string($p) && preg_match('/^-?\d+$/', trim($p)) === 1 ? (int) trim($p) : $p, $parts);
            case 'sl':
                return is_string($v) ? self::splitList($v) : [(string) $v];
        }
        return $v;
    }

    /** Splits a comma-delimited list, keeping commas inside double quotes. @return list<string> */
    public static function splitList(string $text): array
    {
        if (trim($text) === '') {
            return [];
        }
        $out = [];
        $quoted = false;
        $start = 0;
        $n = strlen($text);
        for ($i = 0; $i < $n; $i++) {
            $c = $text[$i];
            if ($c === '"') {
                $quoted = !$quoted;
            } elseif ($c === ',' && !$quoted) {
                $out[] = trim(substr($text, $start, $i - $start));
                $start = $i + 1;
            }
        }
        $out[] = trim(substr($text, $start));
        return array_values(array_filter($out, static fn (string $s): bool => $s !== ''));
    }

    private static function text(string $code, mixed $v): string
    {
        if (is_array($v)) {
            return implode(',', array_map(static fn ($e): string => (string) $e, $v));
        }
        if (is_float($v)) {
            $s = (string) $v;
            return $s;
        }
        return is_bool($v) ? ($v ? '1' : '0') : (string) $v;
    }

    private static function keyed(string $name, string $prefix): bool
    {
        $n = strlen($prefix);
        return strlen($name) > $n && str_starts_with($name, $prefix) && strspn($name, '0123456789', $n) === strlen($name) - $n;
    }

    /** @param array<string, mixed> $value */
    private static function withId(mixed $value, string $name, string $prefix): mixed
    {
        if (is_array($value) && !array_key_exists('id', $value) && !array_is_list($value)) {
            return ['id' => (int) substr($name, strlen($prefix))] + $value;
        }
        return $value;
    }

    /** @param array<string, mixed> $desc */
    private static function selected(array $desc, string $name, mixed $on): array
    {
        $sel = $desc['sel'] ?? null;
        if ($sel !== null && $name === $sel['f'] && (is_int($on) || is_string($on)) && isset($sel['cases'][(string) $on])) {
            return $sel['cases'][(string) $on];
        }
        return $desc['f'][$name];
    }

    // ---------- XML ----------

    /** @param array<string, mixed> $desc */
    public static function fromXml(array $desc, \SimpleXMLElement $el): mixed
    {
        switch ($desc['k']) {
            case 's':
                if ($el->count() !== 0) {
                    return self::generic($el);
                }
                // Text and plain integers, most of every answer, without the general conversion.
                $code = $desc['s'];
                $text = (string) $el;
                if ($code === 't') {
                    return $text;
                }
                if ($code === 'i' && $text !== '' && strspn($text, '0123456789') === strlen($text)) {
                    return (int) $text;
                }
                return self::scalar($code, $text);
            case 'o':
                return self::objectFromXml($desc, $el);
            case 'l':
                $out = [];
                foreach ($el->children() as $name => $c) {
                    if ($name === $desc['e']) {
                        $out[] = self::fromXml($desc['of'], $c);
                    }
                }
                return $out;
            case 'y':
                $out = [];
                foreach ($el->children() as $name => $c) {
                    if (self::keyed($name, $desc['p'])) {
                        $out[] = self::withId(self::fromXml($desc['of'], $c), $name, $desc['p']);
                    }
                }
                return $out;
            default:
                $out = [];
                foreach ($el->children() as $name => $c) {
                    $out[$name] = self::fromXml($desc['of'], $c);
                }
                return $out;
        }
    }

    /** @param array<string, mixed> $desc @return array<string, mixed> */
    private static function objectFromXml(array $desc, \SimpleXMLElement $el): array
    {
        $out = [];
        $deferred = null;
        $inline = [];
        $sel = $desc['sel'] ?? null;
        $an = $desc['an'] ?? null;
        foreach ($el->children() as $name => $c) {
            $fd = $desc['f'][$name] ?? null;
            if ($fd !== null) {
                if ($sel !== null && $name === $sel['f']) {
                    $deferred = $c;
                    continue;
                }
                $v = self::fromXml($fd, $c);
                if ($v !== null) {
                    $out[$fd['k'] === 'y' ? $fd['as'] : $name] = $v;
                }
                if ($an !== null && in_array($name, $an['f'], true) && isset($c[$an['a']])) {
                    $out[$name . $an['s']] = (string) $c[$an['a']];
                }
            } elseif (isset($desc['inl']) && self::keyed($name, $desc['inl']['p'])) {
                $inline[] = self::withId(self::fromXml($desc['inl']['of'], $c), $name, $desc['inl']['p']);
            } elseif (isset($desc['c']) && preg_match('/' . $desc['c'] . '/', $name) === 1) {
                $out[$name] = $c->count() !== 0 ? self::generic($c) : (string) $c;
            }
        }
        if (isset($desc['inl'])) {
            $out[$desc['inl']['as']] = $inline;
        }
        if ($deferred !== null) {
            $v = self::fromXml(self::selected($desc, $sel['f'], $out[$sel['on']] ?? null), $deferred);
            if ($v !== null) {
                $out[$sel['f']] = $v;
            }
        }
        return $out;
    }

    /** An element of unknown structure as plain data. */
    public static function generic(\SimpleXMLElement $el): mixed
    {
        if ($el->count() === 0) {
            return (string) $el;
        }
        $out = [];
        foreach ($el->children() as $name => $c) {
            $out[$name] = self::generic($c);
        }
        return $out;
    }

    /** @param array<string, mixed> $desc */
    public static function toXml(array $desc, mixed $value, string $root): string
    {
        return '<?xml version="1.0" encoding="UTF-8"?>' . "\n" . self::element($root, $desc, $value, null);
    }

    /** @param array<string, mixed> $desc */
    private static function element(string $name, array $desc, mixed $value, ?string $label, string $attr = 'label'): string
    {
        $open = $label === null ? "<{$name}" : "<{$name} {$attr}=\"" . Xml::escape($label) . '"';
        $content = self::content($desc, $value);
        return $content === '' ? "{$open}/>" : "{$open}>{$content}</{$name}>";
    }

    /** @param array<string, mixed> $desc */
    private static function content(array $desc, mixed $value): string
    {
        switch ($desc['k']) {
            case 's':
                return ($desc['s'] === 'F' && $value === 0) ? '' : Xml::escape(self::text($desc['s'], $value));
            case 'o':
                /** @var array<string, mixed> $value */
                $s = '';
                foreach ($desc['f'] as $name => $fd) {
                    if (isset($desc['inl']) && $name === $desc['inl']['as']) {
                        foreach ($value[$name] ?? [] as $e) {
                            $s .= self::element($desc['inl']['p'] . $e['id'], $desc['inl']['of'], $e, null);
                        }
                        continue;
                    }
                    $x = $value[$fd['k'] === 'y' ? $fd['as'] : $name] ?? null;
                    if ($x === null) {
                        continue;
                    }
                    $fd = self::selected($desc, $name, $value[$desc['sel']['on'] ?? ''] ?? null);
                    $an = $desc['an'] ?? null;
                    $owner = $an !== null && in_array($name, $an['f'], true) ? ($value[$name . $an['s']] ?? null) : null;
                    $s .= is_string($owner)
                        ? self::element($name, $fd, $x, $owner, $an['a'])
                        : self::element($name, $fd, $x, $desc['lb'][$name] ?? null);
                }
                if (isset($desc['c'])) {
                    foreach ($value as $name => $x) {
                        if (!isset($desc['f'][$name]) && $x !== null && preg_match('/' . $desc['c'] . '/', (string) $name) === 1) {
                            $s .= self::element((string) $name, ['k' => 's', 's' => 't'], $x, null);
                        }
                    }
                }
                return $s;
            case 'l':
                $s = '';
                foreach ($value as $e) {
                    $s .= self::element($desc['e'], $desc['of'], $e, null);
                }
                return $s;
            case 'y':
                $s = '';
                foreach ($value as $e) {
                    $s .= self::element($desc['p'] . $e['id'], $desc['of'], $e, null);
                }
                return $s;
            default:
                $s = '';
                foreach ($value as $k => $e) {
                    $s .= self::element((string) $k, $desc['of'], $e, null);
                }
                return $s;
        }
    }

    // ---------- JSON ----------

    /** @param array<string, mixed> $desc */
    public static function fromJson(array $desc, mixed $value): mixed
    {
        switch ($desc['k']) {
            case 's':
                return self::scalar($desc['s'], $value);
            case 'o':
                if (!is_array($value)) {
                    return $value === '' || $value === null ? null : $value;
                }
                $out = [];
                $inline = null;
                $sel = $desc['sel'] ?? null;
                $an = $desc['an'] ?? null;
                foreach ($value as $name => $x) {
                    $name = (string) $name;
                    $fd = $desc['f'][$name] ?? null;
                    if ($fd !== null) {
                        if ($sel !== null && $name === $sel['f']) {
                            continue;
                        }
                        $v = self::fromJson($fd, $x);
                        if ($v !== null) {
                            $out[$fd['k'] === 'y' ? $fd['as'] : $name] = $v;
                        }
                    } elseif (isset($desc['inl']) && self::keyed($name, $desc['inl']['p'])) {
                        $inline[] = self::withId(self::fromJson($desc['inl']['of'], $x), $name, $desc['inl']['p']);
                    } elseif (isset($desc['inl']) && $name === $desc['inl']['as'] && is_array($x)) {
                        $inline = array_map(static fn ($e) => self::listed($desc['inl']['of'], $e), array_values($x));
                    } elseif (isset($desc['c']) && preg_match('/' . $desc['c'] . '/', $name) === 1) {
                        $out[$name] = $x;
                    } elseif ($an !== null && str_ends_with($name, $an['s'])) {
                        $out[$name] = $x;
                    }
                }
                if (isset($desc['inl'])) {
                    $out[$desc['inl']['as']] = $inline ?? [];
                }
                if ($sel !== null && array_key_exists($sel['f'], $value)) {
                    $v = self::fromJson(self::selected($desc, $sel['f'], $out[$sel['on']] ?? null), $value[$sel['f']]);
                    if ($v !== null) {
                        $out[$sel['f']] = $v;
                    }
                }
                return $out;
            case 'l':
                $items = $value;
                if (is_array($items) && !array_is_list($items)) {
                    $items = $items[$desc['e']] ?? [];
                }
                if ($items === '' || $items === null) {
                    return [];
                }
                $items = is_array($items) && array_is_list($items) ? $items : [$items];
                return array_map(static fn ($e) => self::fromJson($desc['of'], $e), $items);
            case 'y':
                if (!is_array($value)) {
                    return [];
                }
                if (array_is_list($value)) {
                    return array_map(static fn ($e) => self::listed($desc['of'], $e), $value);
                }
                $out = [];
                foreach ($value as $k => $e) {
                    if (self::keyed((string) $k, $desc['p'])) {
                        $out[] = self::withId(self::fromJson($desc['of'], $e), (string) $k, $desc['p']);
                    }
                }
                return $out;
            default:
                return is_array($value) ? $value : [];
        }
    }

    /**
     * An entry of an id<N> container sent as a JSON list: its own id is kept.
     *
     * @param array<string, mixed> $desc
     */
    private static function listed(array $desc, mixed $e): mixed
    {
        $v = self::fromJson($desc, $e);
        if (is_array($e) && isset($e['id']) && is_array($v) && !array_key_exists('id', $v)) {
            return ['id' => self::scalar('i', $e['id'])] + $v;
        }
        return $v;
    }

    /** @param array<string, mixed> $desc */
    public static function toJson(array $desc, mixed $value): mixed
    {
        switch ($desc['k']) {
            case 's':
                return $value;
            case 'o':
                $out = [];
                foreach ($desc['f'] as $name => $fd) {
                    if (isset($desc['inl']) && $name === $desc['inl']['as']) {
                        foreach ($value[$name] ?? [] as $e) {
                            $out[$desc['inl']['p'] . $e['id']] = self::toJson($desc['inl']['of'], $e);
                        }
                        continue;
                    }
                    $x = $value[$fd['k'] === 'y' ? $fd['as'] : $name] ?? null;
                    if ($x !== null) {
                        $out[$name] = self::toJson(self::selected($desc, $name, $value[$desc['sel']['on'] ?? ''] ?? null), $x);
                        $an = $desc['an'] ?? null;
                        if ($an !== null && in_array($name, $an['f'], true) && is_string($value[$name . $an['s']] ?? null)) {
                            $out[$name . $an['s']] = $value[$name . $an['s']];
                        }
                    }
                }
                if (isset($desc['c'])) {
                    foreach ($value as $name => $x) {
                        if (!isset($desc['f'][$name]) && $x !== null && preg_match('/' . $desc['c'] . '/', (string) $name) === 1) {
                            $out[$name] = $x;
                        }
                    }
                }
                return $out === [] ? new \stdClass() : $out;
            case 'l':
                return array_map(static fn ($e) => self::toJson($desc['of'], $e), array_values($value));
            case 'y':
                $out = [];
                foreach ($value as $e) {
                    $out[$desc['p'] . $e['id']] = self::toJson($desc['of'], $e);
                }
                return $out === [] ? new \stdClass() : $out;
            default:
                return $value === [] ? new \stdClass() : $value;
        }
    }

    // ---------- form (query strings) ----------

    /**
     * Bracket-notation pairs of a value (lists as name[element][]=v).
     *
     * @param array<string, mixed> $desc
     * @return list<array{0: string, 1: string}>
     */
    public static function toForm(array $desc, mixed $value, string $key = ''): array
    {
        if ($value === null) {
            return [];
        }
        switch ($desc['k']) {
            case 's':
                return [[$key, self::text($desc['s'], $value)]];
            case 'o':
                $out = [];
                foreach ($desc['f'] as $name => $fd) {
                    $x = $value[$fd['k'] === 'y' ? $fd['as'] : $name] ?? null;
                    $sd = self::selected($desc, $name, $value[$desc['sel']['on'] ?? ''] ?? null);
                    array_push($out, ...self::toForm($sd, $x, $key === '' ? $name : "{$key}[{$name}]"));
                }
                if (isset($desc['c'])) {
                    foreach ($value as $name => $x) {
                        if (!isset($desc['f'][$name]) && $x !== null && preg_match('/' . $desc['c'] . '/', (string) $name) === 1) {
                            $out[] = [$key === '' ? (string) $name : "{$key}[{$name}]", (string) $x];
                        }
                    }
                }
                return $out;
            case 'l':
                $out = [];
                foreach (array_values($value) as $i => $e) {
                    $k = $desc['of']['k'] === 's' ? "{$key}[{$desc['e']}][]" : "{$key}[{$desc['e']}][{$i}]";
                    array_push($out, ...self::toForm($desc['of'], $e, $k));
                }
                return $out;
            case 'y':
                $out = [];
                foreach ($value as $e) {
                    array_push($out, ...self::toForm($desc['of'], $e, "{$key}[{$desc['p']}{$e['id']}]"));
                }
                return $out;
            default:
                $out = [];
                foreach ($value as $k => $e) {
                    $out[] = ["{$key}[{$k}]", (string) $e];
                }
                return $out;
        }
    }

    /** @param list<array{0: string, 1: string}> $pairs */
    public static function query(array $pairs): string
    {
        return implode('&', array_map(static fn (array $p): string => rawurlencode($p[0]) . '=' . rawurlencode($p[1]), $pairs));
    }
}
