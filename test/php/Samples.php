<?php

declare(strict_types=1);

/**
 * Sample values for any parameter of the package, read from its native type and its @var list
 * shape: what the round-trip and every-operation tests build their arguments from.
 */
final class Samples
{
    /** @var array<class-string, object> ids to use for an id class */
    public static array $ids = [];

    public static function forParameter(ReflectionParameter $p, ?string $doc): mixed
    {
        $type = $p->getType();
        if ($p->getName() === 'custom') {
            return ['custom1' => 'c'];
        }
        if ($p->getName() === 'options') {
            return null;
        }
        if ($p->getName() === 'files') {
            return [];
        }
        return self::forType($type, $doc);
    }

    public static function forType(?ReflectionType $type, ?string $doc): mixed
    {
        if ($type instanceof ReflectionUnionType) {
            $names = array_map(static fn (ReflectionNamedType $t) => $t->getName(), array_filter($type->getTypes(), static fn ($t) => $t instanceof ReflectionNamedType));
            // A {template} list also takes text, a sel field also an array: the first class is the typed choice.
            if (in_array('string', $names, true) && in_array('DateTimeInterface', $names, true)) {
                return '2030-01-02';
            }
            if (in_array('array', $names, true)) {
                return ['details' => 'x'];
            }
            $first = array_values(array_filter($names, static fn ($n) => $n !== 'null'))[0];
            return self::named($first, $doc);
        }
        if ($type instanceof ReflectionNamedType) {
            return self::named($type->getName(), $doc);
        }
        return null;
    }

    private static function named(string $name, ?string $doc): mixed
    {
        switch ($name) {
            case 'int':
                return 1;
            case 'float':
                return 1.5;
            case 'string':
                return '2030-01-02';
            case 'bool':
                return true;
            case 'array':
                if ($doc !== null && preg_match('/@var list<([\\\\\w]+)>/', $doc, $m) === 1) {
                    return match ($m[1]) {
                        'int' => [1, 2],
                        'string' => ['a', 'b'],
                        'mixed' => ['a'],
                        default => [self::build(str_contains($m[1], '\\') ? ltrim($m[1], '\\') : 'Crmgen\\Client\\Model\\' . $m[1])],
                    };
                }
                return ['k' => 'v'];
        }
        if (enum_exists($name)) {
            return $name::cases()[0];
        }
        if (interface_exists($name) && str_starts_with($name, 'Crmgen\\Client\\Id\\')) {
            // An XParent: an id of one of the allowed parents (a record's, when one was made).
            $implementing = array_values(array_filter(self::classes('Id'), static fn (string $c): bool => class_exists($c) && is_subclass_of($c, $name)));
            foreach ($implementing as $c) {
                if (isset(self::$ids[$c])) {
                    return self::$ids[$c];
                }
            }
            return new $implementing[0](1);
        }
        if (str_starts_with($name, 'Crmgen\\Client\\Id\\')) {
            return self::$ids[$name] ?? new $name(1);
        }
        if (class_exists($name)) {
            return self::build($name);
        }
        return null;
    }

    /** A value of a model class with every property given. */
    public static function build(string $class): object
    {
        $ctor = (new ReflectionClass($class))->getConstructor();
        $args = [];
        foreach ($ctor?->getParameters() ?? [] as $p) {
            $prop = new ReflectionProperty($class, $p->getName());
            $args[$p->getName()] = self::forParameter($p, $prop->getDocComment() ?: null);
        }
        return new $class(...$args);
    }

    /** @return list<class-string> every class of a namespace folder of the installed package */
    public static function classes(string $folder): array
    {
        $src = (string) getenv('PACKAGE_SRC');
        $out = [];
        foreach (glob("{$src}/{$folder}/*.php") ?: [] as $f) {
            $out[] = "Crmgen\\Client\\{$folder}\\" . basename($f, '.php');
        }
        return $out;
    }
}
