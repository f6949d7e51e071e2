<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;

/**
 * By reflection over every class of the installed package (PACKAGE_SRC): no public method,
 * parameter, return or property without a native type, and no magic __get/__set.
 */
final class TypesTest extends TestCase
{
    public function testEverythingPublicIsNativelyTyped(): void
    {
        $src = (string) getenv('PACKAGE_SRC');
        self::assertDirectoryExists($src);
        $untyped = [];
        $classes = 0;
        $it = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($src, FilesystemIterator::SKIP_DOTS));
        foreach ($it as $file) {
            if ($file->getExtension() !== 'php') {
                continue;
            }
            $class = 'Crmgen\\Client\\' . str_replace('/', '\\', substr($file->getPathname(), strlen($src) + 1, -4));
            // The PSR-18 adapter names interfaces that need not be installed; reflection reads them without loading.
            if (!class_exists($class) && !interface_exists($class) && !enum_exists($class)) {
                $untyped[] = "{$class}: not loadable from its file";
                continue;
            }
            $classes++;
            $r = new ReflectionClass($class);
            foreach (['__get', '__set', '__call', '__callStatic'] as $magic) {
                if ($r->hasMethod($magic)) {
                    $untyped[] = "{$class}::{$magic}";
                }
            }
            foreach ($r->getMethods(ReflectionMethod::IS_PUBLIC) as $m) {
                if ($m->getDeclaringClass()->getName() !== $class || str_starts_with($class, 'Crmgen\\Client\\Enum\\')) {
                    continue;
                }
                if (!$m->isConstructor() && !$m->hasReturnType()) {
                    $untyped[] = "{$class}::{$m->getName()}() return";
                }
                foreach ($m->getParameters() as $p) {
                    if (!$p->hasType()) {
                        $untyped[] = "{$class}::{$m->getName()}(\${$p->getName()})";
                    }
                }
            }
            foreach ($r->getProperties(ReflectionProperty::IS_PUBLIC) as $p) {
                if ($p->getDeclaringClass()->getName() === $class && !$p->hasType() && !$r->isEnum()) {
                    $untyped[] = "{$class}::\${$p->getName()}";
                }
            }
        }
        self::assertGreaterThan(100, $classes);
        self::assertSame([], $untyped);
    }
}
