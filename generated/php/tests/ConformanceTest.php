<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;

require_once __DIR__ . '/ConformanceHarness.php';

/** The conformance suite of the spec (spec/conformance/), generated: one data set per case. */
final class ConformanceTest extends TestCase
{
    private const CLIENT = ['baseUrl' => 'http://127.0.0.1:8080', 'email' => 'ann@example.com', 'token' => 't0ken'];
    private const RETRY = [
        'maxRetries' => 3,
        'maxRetryAfterSeconds' => 60,
        'baseDelayMs' => 200,
        'maxDelayMs' => 10000,
    ];

    /**
     * @dataProvider requests
     * @param array<string, mixed> $c
     * @param array{path: list<string>, method: string} $target
     */
    public function testRequest(array $c, array $target): void
    {
        $sent = ConformanceHarness::sentRequest(self::CLIENT, $c, $target);
        $url = parse_url($sent->url);
        self::assertSame($c['request']['method'], $sent->method);
        self::assertSame($c['request']['path'], $url['path'] ?? '');
        self::assertEquals($c['request']['query'] ?? [], ConformanceHarness::query($url['query'] ?? ''));
        $headers = array_filter(
            [
                'Authorization' => $sent->headers['authorization'] ?? null,
                'Accept' => $sent->headers['accept'] ?? null,
                'Content-Type' => $sent->headers['content-type'] ?? null,
            ],
            static fn($v) => $v !== null,
        );
        self::assertEquals($c['request']['headers'], $headers);
        $body = $c['request']['body'] ?? null;
        if ($body === null) {
            self::assertSame('', $sent->body);
        } elseif (isset($body['xml'])) {
            self::assertEquals(
                ConformanceHarness::canonicalXml($body['xml']),
                ConformanceHarness::canonicalXml($sent->body),
            );
        } elseif (array_key_exists('json', $body)) {
            self::assertEquals($body['json'], json_decode($sent->body, true));
        } else {
            self::assertEquals($body['form'], ConformanceHarness::query($sent->body));
        }
    }

    /**
     * @dataProvider responses
     * @param array<string, mixed> $c
     * @param array{path: list<string>, method: string} $target
     */
    public function testResponse(array $c, array $target): void
    {
        self::assertEquals($c['expect'], ConformanceHarness::outcome(self::CLIENT, $c, $target));
    }

    /**
     * @dataProvider retries
     * @param array<string, mixed> $c
     */
    public function testRetry(array $c): void
    {
        self::assertEquals($c['expect'], ConformanceHarness::retry($c, self::RETRY));
    }

    /**
     * @dataProvider webhooks
     * @param array<string, mixed> $c
     */
    public function testWebhook(array $c): void
    {
        self::assertSame(
            $c['expect'],
            \Crmgen\Client\Runtime\Webhook::check(
                $c['body'],
                $c['headers'],
                $c['secret'],
                'X-Service-Hmac-Sha256',
                $c['toleranceSeconds'] ?? 300,
                $c['now'],
            ),
        );
    }

    /**
     * @dataProvider batches
     * @param array<string, mixed> $c
     * @param list<array{path: list<string>, method: string}> $targets
     */
    public function testBatch(array $c, array $targets): void
    {
        $r = ConformanceHarness::batch(self::CLIENT, $c, $targets);
        if (isset($c['request'])) {
            self::assertCount(1, $r['requests']);
            self::assertEquals($c['request']['headers'], $r['requests'][0]['headers']);
            self::assertSame($c['request']['crlfLines'], $r['requests'][0]['crlfLines']);
        }
        if (isset($c['expectRequests'])) {
            self::assertEquals(
                $c['expectRequests'],
                array_map(static fn(array $q): array => ['parts' => $q['parts']], $r['requests']),
            );
        }
        if (isset($c['expect'])) {
            self::assertEquals($c['expect'], $r['outcomes']);
        }
    }

    /**
     * @dataProvider pages
     * @param array<string, mixed> $c
     * @param array{path: list<string>, method: string} $target
     */
    public function testPagination(array $c, array $target): void
    {
        $r = ConformanceHarness::pagination(self::CLIENT, $c, $target);
        self::assertSame($c['expect'], $r['ids']);
        self::assertEquals(
            array_map(static fn(array $p): array => array_map('strval', $p['query']), $c['pages']),
            $r['queries'],
        );
    }

    /** @return array<string, list<mixed>> */
    public static function requests(): array
    {
        return [
            'records-contacts-create-xml' => [
                [
                    'id' => 'records-contacts-create-xml',
                    'doc' =>
                        'A contact is created with its fields as children of the request root; category tags to add are repeated category elements.',
                    'call' => [
                        'operation' => 'createRecord',
                        'kind' => 'contacts',
                        'body' => [
                            'firstname' => 'Ann',
                            'lastname' => 'Lee',
                            'businessemail' => 'ann@example.com',
                            'categories' => ['add' => [3, 4]],
                        ],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><firstname>Ann</firstname><lastname>Lee</lastname><businessemail>ann@example.com</businessemail><categories><add><category>3</category><category>4</category></add></categories></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts'], 'method' => 'create'],
            ],
            'records-contacts-create-json' => [
                [
                    'id' => 'records-contacts-create-json',
                    'doc' => 'In JSON the same body has no root; the category list keeps its container element.',
                    'call' => [
                        'operation' => 'createRecord',
                        'kind' => 'contacts',
                        'body' => [
                            'firstname' => 'Ann',
                            'lastname' => 'Lee',
                            'businessemail' => 'ann@example.com',
                            'categories' => ['add' => [3, 4]],
                        ],
                    ],
                    'format' => 'json',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/json',
                            'Content-Type' => 'application/json',
                        ],
                        'body' => [
                            'json' => [
                                'firstname' => 'Ann',
                                'lastname' => 'Lee',
                                'businessemail' => 'ann@example.com',
                                'categories' => ['add' => [3, 4]],
                            ],
                        ],
                    ],
                ],
                ['path' => ['contacts'], 'method' => 'create'],
            ],
            'records-contacts-list-xml' => [
                [
                    'id' => 'records-contacts-list-xml',
                    'doc' => 'List parameters travel in the query string; GET sends no Content-Type.',
                    'call' => [
                        'operation' => 'listRecords',
                        'kind' => 'contacts',
                        'params' => [
                            'limit' => 2,
                            'start' => 4,
                            'searchmode' => 'Sany',
                            'searchvalue' => 'Lee',
                            'sortdir' => 'DESC',
                        ],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'GET',
                        'path' => '/contacts/',
                        'query' => [
                            'searchmode' => 'Sany',
                            'searchvalue' => 'Lee',
                            'limit' => '2',
                            'start' => '4',
                            'sortdir' => 'DESC',
                        ],
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                        ],
                    ],
                ],
                ['path' => ['contacts'], 'method' => 'list'],
            ],
            'records-companies-update-xml' => [
                [
                    'id' => 'records-companies-update-xml',
                    'doc' => 'A company\'s fields are updated with PUT to its own path.',
                    'call' => [
                        'operation' => 'updateRecord',
                        'kind' => 'companies',
                        'id' => 31,
                        'body' => ['name' => 'Acme Ltd', 'website' => 'https://acme.example'],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'PUT',
                        'path' => '/companies/31/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' => '<request><name>Acme Ltd</name><website>https://acme.example</website></request>',
                        ],
                    ],
                ],
                ['path' => ['companies'], 'method' => 'update'],
            ],
            'records-projectblogs-show-json' => [
                [
                    'id' => 'records-projectblogs-show-json',
                    'doc' => 'A project blog is read with GET on its path, asking for JSON.',
                    'call' => ['operation' => 'showRecord', 'kind' => 'projectblogs', 'id' => 7],
                    'format' => 'json',
                    'request' => [
                        'method' => 'GET',
                        'path' => '/projectblogs/7/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/json',
                        ],
                    ],
                ],
                ['path' => ['projectblogs'], 'method' => 'show'],
            ],
            'records-tickets-delete-xml' => [
                [
                    'id' => 'records-tickets-delete-xml',
                    'doc' => 'A ticket is deleted with DELETE on its path, no body.',
                    'call' => ['operation' => 'deleteRecord', 'kind' => 'tickets', 'id' => 99],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'DELETE',
                        'path' => '/tickets/99/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                        ],
                    ],
                ],
                ['path' => ['tickets'], 'method' => 'delete'],
            ],
            'records-tickets-create-json' => [
                [
                    'id' => 'records-tickets-create-json',
                    'doc' => 'A ticket is created in JSON.',
                    'call' => [
                        'operation' => 'createRecord',
                        'kind' => 'tickets',
                        'body' => [
                            'name' => 'Acme Ltd',
                            'businessemail' => 'ann@example.com',
                            'ownership' => 1,
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'json',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/tickets/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/json',
                            'Content-Type' => 'application/json',
                        ],
                        'body' => [
                            'json' => [
                                'name' => 'Acme Ltd',
                                'businessemail' => 'ann@example.com',
                                'ownership' => 1,
                                'flagged' => 0,
                            ],
                        ],
                    ],
                ],
                ['path' => ['tickets'], 'method' => 'create'],
            ],
            'categories-create-xml' => [
                [
                    'id' => 'categories-create-xml',
                    'doc' => 'A category tag is created under its record kind\'s path.',
                    'call' => [
                        'operation' => 'createCategory',
                        'kind' => 'contacts',
                        'body' => ['name' => 'Customers'],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/categories/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => ['xml' => '<request><name>Customers</name></request>'],
                    ],
                ],
                ['path' => ['contacts', 'categories'], 'method' => 'create'],
            ],
            'categories-list-json' => [
                [
                    'id' => 'categories-list-json',
                    'doc' => 'A kind\'s category tags are listed.',
                    'call' => ['operation' => 'listCategories', 'kind' => 'companies'],
                    'format' => 'json',
                    'request' => [
                        'method' => 'GET',
                        'path' => '/companies/categories/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/json',
                        ],
                    ],
                ],
                ['path' => ['companies', 'categories'], 'method' => 'list'],
            ],
            'fields-list-xml' => [
                [
                    'id' => 'fields-list-xml',
                    'doc' => 'A kind\'s fields are listed.',
                    'call' => ['operation' => 'listFields', 'kind' => 'contacts'],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'GET',
                        'path' => '/contacts/fields/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'fields'], 'method' => 'list'],
            ],
            'ownership-list-xml' => [
                [
                    'id' => 'ownership-list-xml',
                    'doc' => 'Users and groups are listed, with the parameter in the query string.',
                    'call' => ['operation' => 'listOwnership', 'params' => ['deleted' => 0]],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'GET',
                        'path' => '/ownership/',
                        'query' => ['deleted' => '0'],
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                        ],
                    ],
                ],
                ['path' => ['ownership'], 'method' => 'list'],
            ],
            'activities-attachmentfile-create-xml' => [
                [
                    'id' => 'activities-attachmentfile-create-xml',
                    'doc' =>
                        'A attached file activity (typeid 55) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'attachmentfile',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'file' => [
                                    'filename' => 'plan.pdf',
                                    'contenttype' => 'application/pdf',
                                    'size' => 20480,
                                ],
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/attachmentfile/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><file><filename>plan.pdf</filename><contenttype>application/pdf</contenttype><size>20480</size></file></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'attachmentfile'], 'method' => 'create'],
            ],
            'activities-call-create-xml' => [
                [
                    'id' => 'activities-call-create-xml',
                    'doc' => 'A call activity (typeid 73) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'call',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'details' => 'Details text',
                                'dateoccured' => '2026-11-22T10:30:00+00:00',
                                'duration' => 3,
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/call/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><details>Details text</details><dateoccured>2026-11-22T10:30:00+00:00</dateoccured><duration>3</duration></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'call'], 'method' => 'create'],
            ],
            'activities-comment-create-xml' => [
                [
                    'id' => 'activities-comment-create-xml',
                    'doc' => 'A comment activity (typeid 91) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'comment',
                        'body' => ['parent' => 3, 'data' => ['posttext' => 'Posttext text'], 'flagged' => 0],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/comment/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><posttext>Posttext text</posttext></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'comment'], 'method' => 'create'],
            ],
            'activities-marketingawidget-create-xml' => [
                [
                    'id' => 'activities-marketingawidget-create-xml',
                    'doc' =>
                        'A marketing widget a activity (typeid 29) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'marketingawidget',
                        'body' => ['parent' => 3, 'data' => ['contactid' => 3], 'flagged' => 0],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/marketingawidget/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><contactid>3</contactid></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'marketingawidget'], 'method' => 'create'],
            ],
            'activities-marketingbwidget-create-xml' => [
                [
                    'id' => 'activities-marketingbwidget-create-xml',
                    'doc' =>
                        'A marketing widget b activity (typeid 39) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'marketingbwidget',
                        'body' => ['parent' => 3, 'data' => [], 'flagged' => 0],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/marketingbwidget/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => ['xml' => '<request><parent>3</parent><data/><flagged>0</flagged></request>'],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'marketingbwidget'], 'method' => 'create'],
            ],
            'activities-event-create-xml' => [
                [
                    'id' => 'activities-event-create-xml',
                    'doc' => 'A event activity (typeid 4) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'event',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'title' => 'Title text',
                                'details' => 'Details text',
                                'timestart' => '2026-12-01T09:00:00+00:00',
                                'timeend' => '2026-12-01T09:00:00+00:00',
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/event/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><title>Title text</title><details>Details text</details><timestart>2026-12-01T09:00:00+00:00</timestart><timeend>2026-12-01T09:00:00+00:00</timeend></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'event'], 'method' => 'create'],
            ],
            'activities-file-create-xml' => [
                [
                    'id' => 'activities-file-create-xml',
                    'doc' => 'A file activity (typeid 23) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'file',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'caption' => 'Caption text',
                                'file' => [
                                    'filename' => 'plan.pdf',
                                    'contenttype' => 'application/pdf',
                                    'size' => 20480,
                                ],
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/file/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><caption>Caption text</caption><file><filename>plan.pdf</filename><contenttype>application/pdf</contenttype><size>20480</size></file></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'file'], 'method' => 'create'],
            ],
            'activities-followup-create-xml' => [
                [
                    'id' => 'activities-followup-create-xml',
                    'doc' => 'A follow-up activity (typeid 6) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'followup',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'details' => 'Details text',
                                'assignedto' => 1,
                                'nodate' => 0,
                                'sendnotification' => 0,
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/followup/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><details>Details text</details><assignedto>1</assignedto><nodate>0</nodate><sendnotification>0</sendnotification></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'followup'], 'method' => 'create'],
            ],
            'activities-billingawidget-create-xml' => [
                [
                    'id' => 'activities-billingawidget-create-xml',
                    'doc' =>
                        'A billing widget a activity (typeid 27) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'billingawidget',
                        'body' => ['parent' => 3, 'data' => ['clientid' => 3], 'flagged' => 0],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/billingawidget/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><clientid>3</clientid></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'billingawidget'], 'method' => 'create'],
            ],
            'activities-onlinedoc-create-xml' => [
                [
                    'id' => 'activities-onlinedoc-create-xml',
                    'doc' =>
                        'A online document activity (typeid 37) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'onlinedoc',
                        'body' => [
                            'parent' => 3,
                            'data' => ['title' => 'Title text', 'url' => 'https://www.example.com/'],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/onlinedoc/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><title>Title text</title><url>https://www.example.com/</url></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'onlinedoc'], 'method' => 'create'],
            ],
            'activities-linkedemails-create-xml' => [
                [
                    'id' => 'activities-linkedemails-create-xml',
                    'doc' =>
                        'A linked emails activity (typeid 90) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'linkedemails',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'fields' => ['firstname', 'businessemail'],
                                'keywords' => ['invoice'],
                                'exceptions' => ['invoice'],
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/linkedemails/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><fields>firstname,businessemail</fields><keywords>invoice</keywords><exceptions>invoice</exceptions></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'linkedemails'], 'method' => 'create'],
            ],
            'activities-note-create-xml' => [
                [
                    'id' => 'activities-note-create-xml',
                    'doc' => 'A note activity (typeid 3) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'note',
                        'body' => ['parent' => 3, 'data' => ['details' => 'Details text'], 'flagged' => 0],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/note/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><details>Details text</details></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'note'], 'method' => 'create'],
            ],
            'activities-opportunity-create-xml' => [
                [
                    'id' => 'activities-opportunity-create-xml',
                    'doc' =>
                        'A opportunity activity (typeid 32) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'opportunity',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'description' => 'Description text',
                                'valueunit' => 1500.5,
                                'valuecurrency' => 'USD',
                                'valueinterval' => 'fixed price',
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/opportunity/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><description>Description text</description><valueunit>1500.5</valueunit><valuecurrency>USD</valuecurrency><valueinterval>fixed price</valueinterval></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'opportunity'], 'method' => 'create'],
            ],
            'activities-photo-create-xml' => [
                [
                    'id' => 'activities-photo-create-xml',
                    'doc' => 'A photo activity (typeid 24) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'photo',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'caption' => 'Caption text',
                                'file' => [
                                    'filename' => 'plan.pdf',
                                    'contenttype' => 'application/pdf',
                                    'size' => 20480,
                                ],
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/photo/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><caption>Caption text</caption><file><filename>plan.pdf</filename><contenttype>application/pdf</contenttype><size>20480</size></file></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'photo'], 'method' => 'create'],
            ],
            'activities-photolist-create-xml' => [
                [
                    'id' => 'activities-photolist-create-xml',
                    'doc' =>
                        'A photo list activity (typeid 31) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'photolist',
                        'body' => ['parent' => 3, 'data' => ['title' => 'Title text'], 'flagged' => 0],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/photolist/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><title>Title text</title></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'photolist'], 'method' => 'create'],
            ],
            'activities-separator-create-xml' => [
                [
                    'id' => 'activities-separator-create-xml',
                    'doc' => 'A separator activity (typeid 57) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'separator',
                        'body' => [
                            'parent' => 3,
                            'data' => ['title' => 'Title text', 'hidesiblings' => 0],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/separator/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><title>Title text</title><hidesiblings>0</hidesiblings></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'separator'], 'method' => 'create'],
            ],
            'activities-scheduledemail-create-xml' => [
                [
                    'id' => 'activities-scheduledemail-create-xml',
                    'doc' =>
                        'A scheduled email activity (typeid 88) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'scheduledemail',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'to' => ['Ann Lee <ann@example.com>'],
                                'cc' => ['Ann Lee <ann@example.com>'],
                                'bcc' => ['Ann Lee <ann@example.com>'],
                                'from' => 'From text',
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/scheduledemail/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><to>Ann Lee &lt;ann@example.com&gt;</to><cc>Ann Lee &lt;ann@example.com&gt;</cc><bcc>Ann Lee &lt;ann@example.com&gt;</bcc><from>From text</from></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'scheduledemail'], 'method' => 'create'],
            ],
            'activities-task-create-xml' => [
                [
                    'id' => 'activities-task-create-xml',
                    'doc' => 'A task activity (typeid 14) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'task',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'title' => 'Title text',
                                'details' => 'Details text',
                                'assignedto' => 1,
                                'nodate' => 0,
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/task/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><title>Title text</title><details>Details text</details><assignedto>1</assignedto><nodate>0</nodate></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'task'], 'method' => 'create'],
            ],
            'activities-tasklist-create-xml' => [
                [
                    'id' => 'activities-tasklist-create-xml',
                    'doc' => 'A task list activity (typeid 22) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'tasklist',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'title' => 'Title text',
                                'description' => 'Description text',
                                'nodate' => 0,
                                'completed' => 0,
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/tasklist/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><title>Title text</title><description>Description text</description><nodate>0</nodate><completed>0</completed></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'tasklist'], 'method' => 'create'],
            ],
            'activities-template-create-xml' => [
                [
                    'id' => 'activities-template-create-xml',
                    'doc' =>
                        'A template of activities activity (typeid 51) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'template',
                        'body' => ['parent' => 3, 'data' => ['templateid' => 3], 'flagged' => 0],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/template/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><templateid>3</templateid></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'template'], 'method' => 'create'],
            ],
            'activities-timerecord-create-xml' => [
                [
                    'id' => 'activities-timerecord-create-xml',
                    'doc' =>
                        'A time record activity (typeid 15) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'timerecord',
                        'body' => [
                            'parent' => 3,
                            'data' => ['date' => '2026-12-01', 'person' => 1, 'hours' => 1500.5, 'billable' => 0],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/timerecord/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><date>2026-12-01</date><person>1</person><hours>1500.5</hours><billable>0</billable></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'timerecord'], 'method' => 'create'],
            ],
            'activities-website-create-xml' => [
                [
                    'id' => 'activities-website-create-xml',
                    'doc' => 'A website activity (typeid 7) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'website',
                        'body' => [
                            'parent' => 3,
                            'data' => ['caption' => 'Caption text', 'url' => 'https://www.example.com/'],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/website/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><caption>Caption text</caption><url>https://www.example.com/</url></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'website'], 'method' => 'create'],
            ],
            'activities-billingbwidget-create-xml' => [
                [
                    'id' => 'activities-billingbwidget-create-xml',
                    'doc' =>
                        'A billing widget b activity (typeid 96) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'billingbwidget',
                        'body' => ['parent' => 3, 'data' => ['contactid' => 3], 'flagged' => 0],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/billingbwidget/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><contactid>3</contactid></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'billingbwidget'], 'method' => 'create'],
            ],
            'activities-supportwidget-create-xml' => [
                [
                    'id' => 'activities-supportwidget-create-xml',
                    'doc' =>
                        'A support widget activity (typeid 97) is created under its parent with the segment\'s fields.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'supportwidget',
                        'body' => ['parent' => 3, 'data' => ['userid' => 3], 'flagged' => 0],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/contacts/supportwidget/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><parent>3</parent><data><userid>3</userid></data><flagged>0</flagged></request>',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'supportwidget'], 'method' => 'create'],
            ],
            'activities-note-update-json' => [
                [
                    'id' => 'activities-note-update-json',
                    'doc' => 'A note is updated in JSON; the path has no trailing slash.',
                    'call' => [
                        'operation' => 'updateActivity',
                        'kind' => 'contacts',
                        'segment' => 'note',
                        'id' => 12,
                        'body' => ['data' => ['details' => 'Called back']],
                    ],
                    'format' => 'json',
                    'request' => [
                        'method' => 'PUT',
                        'path' => '/contacts/note/12',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/json',
                            'Content-Type' => 'application/json',
                        ],
                        'body' => ['json' => ['data' => ['details' => 'Called back']]],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'note'], 'method' => 'update'],
            ],
            'activities-note-move-xml' => [
                [
                    'id' => 'activities-note-move-xml',
                    'doc' => 'Moving an activity is an update with another parent and a position.',
                    'call' => [
                        'operation' => 'updateActivity',
                        'kind' => 'contacts',
                        'segment' => 'note',
                        'id' => 12,
                        'body' => ['parent' => 467070, 'position' => 1],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'PUT',
                        'path' => '/contacts/note/12',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => ['xml' => '<request><parent>467070</parent></request>'],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'note'], 'method' => 'update'],
            ],
            'activities-task-delete-xml' => [
                [
                    'id' => 'activities-task-delete-xml',
                    'doc' => 'An activity is deleted with DELETE on its path.',
                    'call' => ['operation' => 'deleteActivity', 'kind' => 'contacts', 'segment' => 'task', 'id' => 55],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'DELETE',
                        'path' => '/contacts/task/55/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'task'], 'method' => 'delete'],
            ],
            'reports-nextactions-xml' => [
                [
                    'id' => 'reports-nextactions-xml',
                    'doc' => 'The nextactions report\'s parameters travel in the query string.',
                    'call' => [
                        'operation' => 'reportNextactions',
                        'params' => ['filter' => 1, 'due' => 'now', 'itemsdata' => 0],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'GET',
                        'path' => '/report/nextactions/',
                        'query' => ['filter' => '1', 'due' => 'now', 'itemsdata' => '0'],
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                        ],
                    ],
                ],
                ['path' => ['reports'], 'method' => 'nextactions'],
            ],
            'reports-calendar-xml' => [
                [
                    'id' => 'reports-calendar-xml',
                    'doc' => 'The calendar report\'s parameters travel in the query string.',
                    'call' => [
                        'operation' => 'reportCalendar',
                        'params' => ['start' => '2026-12-01', 'end' => '2026-12-01', 'filter' => 1, 'itemsdata' => 0],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'GET',
                        'path' => '/report/calendar/',
                        'query' => [
                            'start' => '2026-12-01',
                            'end' => '2026-12-01',
                            'filter' => '1',
                            'itemsdata' => '0',
                        ],
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                        ],
                    ],
                ],
                ['path' => ['reports'], 'method' => 'calendar'],
            ],
            'reports-followups-xml' => [
                [
                    'id' => 'reports-followups-xml',
                    'doc' => 'The followups report\'s parameters travel in the query string.',
                    'call' => [
                        'operation' => 'reportFollowups',
                        'params' => ['responsible' => 1, 'due' => 'now', 'itemsdata' => 0],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'GET',
                        'path' => '/report/followups/',
                        'query' => ['responsible' => '1', 'due' => 'now', 'itemsdata' => '0'],
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                        ],
                    ],
                ],
                ['path' => ['reports'], 'method' => 'followups'],
            ],
            'reports-opportunities-xml' => [
                [
                    'id' => 'reports-opportunities-xml',
                    'doc' => 'The opportunities report\'s parameters travel in the query string.',
                    'call' => [
                        'operation' => 'reportOpportunities',
                        'params' => ['filter' => 1, 'status' => 'discussion', 'due' => 'now', 'itemsdata' => 0],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'GET',
                        'path' => '/report/opportunities/',
                        'query' => ['filter' => '1', 'status' => 'discussion', 'due' => 'now', 'itemsdata' => '0'],
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                        ],
                    ],
                ],
                ['path' => ['reports'], 'method' => 'opportunities'],
            ],
            'reports-activities-xml' => [
                [
                    'id' => 'reports-activities-xml',
                    'doc' => 'The activities report\'s parameters travel in the query string.',
                    'call' => [
                        'operation' => 'reportActivities',
                        'params' => [
                            'start' => '2026-12-01',
                            'end' => '2026-12-01',
                            'last' => 'created',
                            'types' => [3, 4],
                        ],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'GET',
                        'path' => '/report/activities/',
                        'query' => [
                            'start' => '2026-12-01',
                            'end' => '2026-12-01',
                            'last' => 'created',
                            'types' => '3,4',
                        ],
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                        ],
                    ],
                ],
                ['path' => ['reports'], 'method' => 'activities'],
            ],
            'reports-timetracking-xml' => [
                [
                    'id' => 'reports-timetracking-xml',
                    'doc' => 'The timetracking report\'s parameters travel in the query string.',
                    'call' => [
                        'operation' => 'reportTimetracking',
                        'params' => [
                            'start' => '2026-12-01',
                            'end' => '2026-12-01',
                            'filter' => 'invoiced',
                            'itemtypes' => [1, 2],
                        ],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'GET',
                        'path' => '/report/timetracking/',
                        'query' => [
                            'start' => '2026-12-01',
                            'end' => '2026-12-01',
                            'filter' => 'invoiced',
                            'itemtypes' => '1,2',
                        ],
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                        ],
                    ],
                ],
                ['path' => ['reports'], 'method' => 'timetracking'],
            ],
            'hooks-create-xml' => [
                [
                    'id' => 'hooks-create-xml',
                    'doc' => 'A webhook is created with its event, URL and secret.',
                    'call' => [
                        'operation' => 'createHook',
                        'body' => [
                            'type' => 'web',
                            'title' => 'Title text',
                            'active' => 1,
                            'event' => 'items.categorize',
                            'constrainttype' => 'all',
                            'url' => 'https://www.example.com/',
                        ],
                    ],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/hooks/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'application/xml',
                        ],
                        'body' => [
                            'xml' =>
                                '<request><type>web</type><title>Title text</title><active>1</active><event>items.categorize</event><constrainttype>all</constrainttype><url>https://www.example.com/</url></request>',
                        ],
                    ],
                ],
                ['path' => ['hooks'], 'method' => 'create'],
            ],
            'hooks-update-json' => [
                [
                    'id' => 'hooks-update-json',
                    'doc' => 'A webhook\'s fields are updated with PUT on /hooks/{id}.',
                    'call' => ['operation' => 'updateHook', 'id' => 5, 'body' => ['active' => 0]],
                    'format' => 'json',
                    'request' => [
                        'method' => 'PUT',
                        'path' => '/hooks/5',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/json',
                            'Content-Type' => 'application/json',
                        ],
                        'body' => ['json' => ['active' => 0]],
                    ],
                ],
                ['path' => ['hooks'], 'method' => 'update'],
            ],
            'hooks-list-xml' => [
                [
                    'id' => 'hooks-list-xml',
                    'doc' => 'Webhooks are listed.',
                    'call' => ['operation' => 'listHooks'],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'GET',
                        'path' => '/hooks/',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                        ],
                    ],
                ],
                ['path' => ['hooks'], 'method' => 'list'],
            ],
            'hooks-deliveries-xml' => [
                [
                    'id' => 'hooks-deliveries-xml',
                    'doc' => 'A webhook\'s delivery attempts are listed.',
                    'call' => ['operation' => 'listHookDeliveries', 'id' => 5],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'GET',
                        'path' => '/hooks/5/deliveries',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                        ],
                    ],
                ],
                ['path' => ['hooks'], 'method' => 'deliveries'],
            ],
            'hooks-redeliver-json' => [
                [
                    'id' => 'hooks-redeliver-json',
                    'doc' => 'A delivery is sent again with POST, no body.',
                    'call' => ['operation' => 'redeliverHook', 'id' => 5, 'deliveryId' => 88],
                    'format' => 'json',
                    'request' => [
                        'method' => 'POST',
                        'path' => '/hooks/5/deliveries/88/redeliver',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/json',
                        ],
                    ],
                ],
                ['path' => ['hooks'], 'method' => 'redeliver'],
            ],
            'hooks-delete-xml' => [
                [
                    'id' => 'hooks-delete-xml',
                    'doc' => 'A webhook is deleted.',
                    'call' => ['operation' => 'deleteHook', 'id' => 5],
                    'format' => 'xml',
                    'request' => [
                        'method' => 'DELETE',
                        'path' => '/hooks/5',
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                        ],
                    ],
                ],
                ['path' => ['hooks'], 'method' => 'delete'],
            ],
        ];
    }

    /** @return array<string, list<mixed>> */
    public static function responses(): array
    {
        return [
            'records-contacts-create-xml' => [
                [
                    'id' => 'records-contacts-create-xml',
                    'doc' =>
                        'A created contact answers 201 with Location, the quota and the full item; owner-valued elements carry the owner name as an attribute.',
                    'call' => ['operation' => 'createRecord', 'kind' => 'contacts', 'body' => ['firstname' => 'Ann']],
                    'format' => 'xml',
                    'response' => [
                        'status' => 201,
                        'headers' => [
                            'Content-Type' => 'application/xml',
                            'Http-X-Service-Api-Call-Limit' => '3/5000',
                            'Location' => '/contacts/467069/',
                        ],
                        'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><item><id>467069</id><name>Ann Lee</name><typeid>1</typeid><created>2026-11-20T08:00:00+00:00</created><viewed>2026-11-20T08:00:00+00:00</viewed><updated>2026-11-20T08:00:00+00:00</updated><ownership cn="Sales">9</ownership><flagged/><fields><firstname label="First name">Ann</firstname><lastname label="Last name">Lee</lastname><assignedto label="Assigned to" cn="Bo Chen">5</assignedto><creatorid>5</creatorid><creatorname>Bo Chen</creatorname><creatordate>1795651200</creatordate><modificatorid>5</modificatorid><modificatorname>Bo Chen</modificatorname><modificatordate>1795651200</modificatordate></fields></item><activities/><categories/><relateditems/><status>success</status></response>',
                    ],
                    'expect' => [
                        'value' => [
                            'item' => [
                                'id' => 467069,
                                'name' => 'Ann Lee',
                                'typeid' => 1,
                                'created' => '2026-11-20T08:00:00+00:00',
                                'viewed' => '2026-11-20T08:00:00+00:00',
                                'updated' => '2026-11-20T08:00:00+00:00',
                                'ownership' => 9,
                                'ownership@cn' => 'Sales',
                                'flagged' => 0,
                                'fields' => [
                                    'firstname' => 'Ann',
                                    'lastname' => 'Lee',
                                    'assignedto' => 5,
                                    'assignedto@cn' => 'Bo Chen',
                                    'creatorid' => 5,
                                    'creatorname' => 'Bo Chen',
                                    'creatordate' => 1795651200,
                                    'modificatorid' => 5,
                                    'modificatorname' => 'Bo Chen',
                                    'modificatordate' => 1795651200,
                                ],
                            ],
                            'activities' => [],
                            'categories' => [],
                            'relateditems' => [],
                            'status' => 'success',
                        ],
                        'quota' => ['used' => 3, 'allowed' => 5000],
                        'location' => '/contacts/467069/',
                    ],
                ],
                ['path' => ['contacts'], 'method' => 'create'],
            ],
            'records-contacts-show-json' => [
                [
                    'id' => 'records-contacts-show-json',
                    'doc' =>
                        'In JSON an owner name is a member beside the owner id (assignedto@cn); one-element containers are arrays.',
                    'call' => ['operation' => 'showRecord', 'kind' => 'contacts', 'id' => 467069],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => [
                            'Content-Type' => 'application/json',
                            'Http-X-Service-Api-Call-Limit' => '3/5000',
                        ],
                        'body' =>
                            '{"item":{"id":467069,"name":"Ann Lee","typeid":1,"created":"2026-11-20T08:00:00+00:00","viewed":"2026-11-20T08:00:00+00:00","updated":"2026-11-20T08:00:00+00:00","ownership":9,"ownership@cn":"Sales","flagged":1,"fields":{"firstname":"Ann","lastname":"Lee","assignedto":5,"assignedto@cn":"Bo Chen","creatorid":5,"creatorname":"Bo Chen","creatordate":1795651200,"modificatorid":5,"modificatorname":"Bo Chen","modificatordate":1795651200}},"activities":{},"categories":[{"id":3,"name":"Customers"}],"relateditems":[],"status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'item' => [
                                'id' => 467069,
                                'name' => 'Ann Lee',
                                'typeid' => 1,
                                'created' => '2026-11-20T08:00:00+00:00',
                                'viewed' => '2026-11-20T08:00:00+00:00',
                                'updated' => '2026-11-20T08:00:00+00:00',
                                'ownership' => 9,
                                'ownership@cn' => 'Sales',
                                'flagged' => 1,
                                'fields' => [
                                    'firstname' => 'Ann',
                                    'lastname' => 'Lee',
                                    'assignedto' => 5,
                                    'assignedto@cn' => 'Bo Chen',
                                    'creatorid' => 5,
                                    'creatorname' => 'Bo Chen',
                                    'creatordate' => 1795651200,
                                    'modificatorid' => 5,
                                    'modificatorname' => 'Bo Chen',
                                    'modificatordate' => 1795651200,
                                ],
                            ],
                            'activities' => [],
                            'categories' => [['id' => 3, 'name' => 'Customers']],
                            'relateditems' => [],
                            'status' => 'success',
                        ],
                        'quota' => ['used' => 3, 'allowed' => 5000],
                    ],
                ],
                ['path' => ['contacts'], 'method' => 'show'],
            ],
            'records-companies-list-xml' => [
                [
                    'id' => 'records-companies-list-xml',
                    'doc' =>
                        'List entries are children named id<N>; they decode to an ordered array with the total count.',
                    'call' => ['operation' => 'listRecords', 'kind' => 'companies', 'params' => ['limit' => 2]],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><id31><id>31</id><name>Acme Ltd</name><parentid>0</parentid><flagged>1</flagged><created>2026-11-20T08:00:00+00:00</created><viewed>2026-11-21T08:00:00+00:00</viewed><updated>2026-11-21T09:15:00+00:00</updated></id31><id32><id>32</id><name>Globex</name><parentid>0</parentid><flagged/><created>2026-11-20T08:00:00+00:00</created><viewed>2026-11-21T08:00:00+00:00</viewed><updated>2026-11-21T09:15:00+00:00</updated></id32><count>7</count><status>success</status></response>',
                    ],
                    'expect' => [
                        'value' => [
                            'count' => 7,
                            'status' => 'success',
                            'entries' => [
                                [
                                    'id' => 31,
                                    'name' => 'Acme Ltd',
                                    'parentid' => 0,
                                    'flagged' => 1,
                                    'created' => '2026-11-20T08:00:00+00:00',
                                    'viewed' => '2026-11-21T08:00:00+00:00',
                                    'updated' => '2026-11-21T09:15:00+00:00',
                                ],
                                [
                                    'id' => 32,
                                    'name' => 'Globex',
                                    'parentid' => 0,
                                    'flagged' => 0,
                                    'created' => '2026-11-20T08:00:00+00:00',
                                    'viewed' => '2026-11-21T08:00:00+00:00',
                                    'updated' => '2026-11-21T09:15:00+00:00',
                                ],
                            ],
                        ],
                    ],
                ],
                ['path' => ['companies'], 'method' => 'list'],
            ],
            'records-tickets-list-json' => [
                [
                    'id' => 'records-tickets-list-json',
                    'doc' =>
                        'In JSON list entries are keys id<N> of the answer object; they decode to the same ordered array.',
                    'call' => ['operation' => 'listRecords', 'kind' => 'tickets', 'params' => ['limit' => 1]],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' =>
                            '{"id77":{"id":77,"name":"Printer jam","parentid":0,"flagged":0,"created":"2026-11-20T08:00:00+00:00","viewed":"2026-11-20T08:00:00+00:00","updated":"2026-11-20T08:00:00+00:00"},"count":1,"status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'count' => 1,
                            'status' => 'success',
                            'entries' => [
                                [
                                    'id' => 77,
                                    'name' => 'Printer jam',
                                    'parentid' => 0,
                                    'flagged' => 0,
                                    'created' => '2026-11-20T08:00:00+00:00',
                                    'viewed' => '2026-11-20T08:00:00+00:00',
                                    'updated' => '2026-11-20T08:00:00+00:00',
                                ],
                            ],
                        ],
                    ],
                ],
                ['path' => ['tickets'], 'method' => 'list'],
            ],
            'records-projectblogs-update-xml' => [
                [
                    'id' => 'records-projectblogs-update-xml',
                    'doc' => 'An update answers its status.',
                    'call' => [
                        'operation' => 'updateRecord',
                        'kind' => 'projectblogs',
                        'id' => 7,
                        'body' => ['title' => 'Launch'],
                    ],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<response><status>success</status></response>',
                    ],
                    'expect' => ['value' => ['status' => 'success']],
                ],
                ['path' => ['projectblogs'], 'method' => 'update'],
            ],
            'categories-create-json' => [
                [
                    'id' => 'categories-create-json',
                    'doc' => 'A new category tag answers its id.',
                    'call' => [
                        'operation' => 'createCategory',
                        'kind' => 'contacts',
                        'body' => ['name' => 'Customers'],
                    ],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' => '{"id":3,"status":"success"}',
                    ],
                    'expect' => ['value' => ['id' => 3, 'status' => 'success']],
                ],
                ['path' => ['contacts', 'categories'], 'method' => 'create'],
            ],
            'categories-list-xml' => [
                [
                    'id' => 'categories-list-xml',
                    'doc' => 'Category tags are a list of category elements.',
                    'call' => ['operation' => 'listCategories', 'kind' => 'contacts'],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' =>
                            '<response><categories><category><id>3</id><name>Customers</name></category><category><id>4</id><name>Partners</name></category></categories><status>success</status></response>',
                    ],
                    'expect' => [
                        'value' => [
                            'categories' => [['id' => 3, 'name' => 'Customers'], ['id' => 4, 'name' => 'Partners']],
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'categories'], 'method' => 'list'],
            ],
            'fields-list-xml' => [
                [
                    'id' => 'fields-list-xml',
                    'doc' => 'Field definitions are a list of field elements.',
                    'call' => ['operation' => 'listFields', 'kind' => 'contacts'],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><fields><field><id>3</id><name>Name text</name><label>Label text</label><type>Type text</type><options><option>Options text</option></options><categories><category>3</category></categories></field></fields><status>success</status></response>',
                    ],
                    'expect' => [
                        'value' => [
                            'fields' => [
                                [
                                    'id' => 3,
                                    'name' => 'Name text',
                                    'label' => 'Label text',
                                    'type' => 'Type text',
                                    'options' => ['Options text'],
                                    'categories' => [3],
                                ],
                            ],
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'fields'], 'method' => 'list'],
            ],
            'ownership-list-json' => [
                [
                    'id' => 'ownership-list-json',
                    'doc' => 'Users and groups are two lists.',
                    'call' => ['operation' => 'listOwnership'],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' =>
                            '{"users":[{"id":3,"name":"Name text","email":"Email text","preventlogin":0,"preventprivatedata":0,"administrator":0}],"groups":[{"id":3,"name":"Name text","email":"Email text"}],"status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'users' => [
                                [
                                    'id' => 3,
                                    'name' => 'Name text',
                                    'email' => 'Email text',
                                    'preventlogin' => 0,
                                    'preventprivatedata' => 0,
                                    'administrator' => 0,
                                ],
                            ],
                            'groups' => [['id' => 3, 'name' => 'Name text', 'email' => 'Email text']],
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['ownership'], 'method' => 'list'],
            ],
            'activities-attachmentfile-create-json' => [
                [
                    'id' => 'activities-attachmentfile-create-json',
                    'doc' => 'A new attached file answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'attachmentfile',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'file' => [
                                    'filename' => 'plan.pdf',
                                    'contenttype' => 'application/pdf',
                                    'size' => 20480,
                                ],
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' =>
                            '{"id":3,"data":{"file":{"filename":"plan.pdf","contenttype":"application/pdf","size":20480}},"created":"Nov 22, 2026 10:30:00","status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => [
                                'file' => [
                                    'filename' => 'plan.pdf',
                                    'contenttype' => 'application/pdf',
                                    'size' => 20480,
                                ],
                            ],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'attachmentfile'], 'method' => 'create'],
            ],
            'activities-call-create-json' => [
                [
                    'id' => 'activities-call-create-json',
                    'doc' => 'A new call answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'call',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'details' => 'Details text',
                                'dateoccured' => '2026-11-22T10:30:00+00:00',
                                'duration' => 3,
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' =>
                            '{"id":3,"data":{"details":"Details text","dateoccured":"2026-11-22T10:30:00+00:00","duration":3},"created":"Nov 22, 2026 10:30:00","status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => [
                                'details' => 'Details text',
                                'dateoccured' => '2026-11-22T10:30:00+00:00',
                                'duration' => 3,
                            ],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'call'], 'method' => 'create'],
            ],
            'activities-comment-create-json' => [
                [
                    'id' => 'activities-comment-create-json',
                    'doc' => 'A new comment answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'comment',
                        'body' => ['parent' => 3, 'data' => ['posttext' => 'Posttext text'], 'flagged' => 0],
                    ],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' =>
                            '{"id":3,"data":{"posttext":"Posttext text"},"created":"Nov 22, 2026 10:30:00","status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => ['posttext' => 'Posttext text'],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'comment'], 'method' => 'create'],
            ],
            'activities-marketingawidget-create-json' => [
                [
                    'id' => 'activities-marketingawidget-create-json',
                    'doc' => 'A new marketing widget a answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'marketingawidget',
                        'body' => ['parent' => 3, 'data' => ['contactid' => 3], 'flagged' => 0],
                    ],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' =>
                            '{"id":3,"data":{"contactid":3},"created":"Nov 22, 2026 10:30:00","status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => ['contactid' => 3],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'marketingawidget'], 'method' => 'create'],
            ],
            'activities-marketingbwidget-create-json' => [
                [
                    'id' => 'activities-marketingbwidget-create-json',
                    'doc' => 'A new marketing widget b answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'marketingbwidget',
                        'body' => ['parent' => 3, 'data' => [], 'flagged' => 0],
                    ],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' => '{"id":3,"data":{},"created":"Nov 22, 2026 10:30:00","status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => [],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'marketingbwidget'], 'method' => 'create'],
            ],
            'activities-event-create-xml' => [
                [
                    'id' => 'activities-event-create-xml',
                    'doc' => 'A new event answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'event',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'title' => 'Title text',
                                'details' => 'Details text',
                                'timestart' => '2026-12-01T09:00:00+00:00',
                                'timeend' => '2026-12-01T09:00:00+00:00',
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><id>3</id><data><title>Title text</title><details>Details text</details><timestart>2026-12-01T09:00:00+00:00</timestart><timeend>2026-12-01T09:00:00+00:00</timeend></data><created>Nov 22, 2026 10:30:00</created><status>success</status></response>',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => [
                                'title' => 'Title text',
                                'details' => 'Details text',
                                'timestart' => '2026-12-01T09:00:00+00:00',
                                'timeend' => '2026-12-01T09:00:00+00:00',
                            ],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'event'], 'method' => 'create'],
            ],
            'activities-file-create-json' => [
                [
                    'id' => 'activities-file-create-json',
                    'doc' => 'A new file answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'file',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'caption' => 'Caption text',
                                'file' => [
                                    'filename' => 'plan.pdf',
                                    'contenttype' => 'application/pdf',
                                    'size' => 20480,
                                ],
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' =>
                            '{"id":3,"data":{"caption":"Caption text","file":{"filename":"plan.pdf","contenttype":"application/pdf","size":20480}},"created":"Nov 22, 2026 10:30:00","status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => [
                                'caption' => 'Caption text',
                                'file' => [
                                    'filename' => 'plan.pdf',
                                    'contenttype' => 'application/pdf',
                                    'size' => 20480,
                                ],
                            ],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'file'], 'method' => 'create'],
            ],
            'activities-followup-create-xml' => [
                [
                    'id' => 'activities-followup-create-xml',
                    'doc' => 'A new follow-up answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'followup',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'details' => 'Details text',
                                'assignedto' => 1,
                                'nodate' => 0,
                                'sendnotification' => 0,
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><id>3</id><data><details>Details text</details><assignedto>1</assignedto><nodate>0</nodate><sendnotification>0</sendnotification></data><created>Nov 22, 2026 10:30:00</created><status>success</status></response>',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => [
                                'details' => 'Details text',
                                'assignedto' => 1,
                                'nodate' => 0,
                                'sendnotification' => 0,
                            ],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'followup'], 'method' => 'create'],
            ],
            'activities-billingawidget-create-json' => [
                [
                    'id' => 'activities-billingawidget-create-json',
                    'doc' => 'A new billing widget a answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'billingawidget',
                        'body' => ['parent' => 3, 'data' => ['clientid' => 3], 'flagged' => 0],
                    ],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' => '{"id":3,"data":{"clientid":3},"created":"Nov 22, 2026 10:30:00","status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => ['clientid' => 3],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'billingawidget'], 'method' => 'create'],
            ],
            'activities-onlinedoc-create-json' => [
                [
                    'id' => 'activities-onlinedoc-create-json',
                    'doc' => 'A new online document answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'onlinedoc',
                        'body' => [
                            'parent' => 3,
                            'data' => ['title' => 'Title text', 'url' => 'https://www.example.com/'],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' =>
                            '{"id":3,"data":{"title":"Title text","url":"https://www.example.com/"},"created":"Nov 22, 2026 10:30:00","status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => ['title' => 'Title text', 'url' => 'https://www.example.com/'],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'onlinedoc'], 'method' => 'create'],
            ],
            'activities-linkedemails-create-xml' => [
                [
                    'id' => 'activities-linkedemails-create-xml',
                    'doc' => 'A new linked emails answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'linkedemails',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'fields' => ['firstname', 'businessemail'],
                                'keywords' => ['invoice'],
                                'exceptions' => ['invoice'],
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><id>3</id><data><fields>firstname,businessemail</fields><keywords>invoice</keywords><exceptions>invoice</exceptions></data><created>Nov 22, 2026 10:30:00</created><status>success</status></response>',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => [
                                'fields' => ['firstname', 'businessemail'],
                                'keywords' => ['invoice'],
                                'exceptions' => ['invoice'],
                            ],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'linkedemails'], 'method' => 'create'],
            ],
            'activities-note-create-json' => [
                [
                    'id' => 'activities-note-create-json',
                    'doc' => 'A new note answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'note',
                        'body' => ['parent' => 3, 'data' => ['details' => 'Details text'], 'flagged' => 0],
                    ],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' =>
                            '{"id":3,"data":{"details":"Details text"},"created":"Nov 22, 2026 10:30:00","status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => ['details' => 'Details text'],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'note'], 'method' => 'create'],
            ],
            'activities-opportunity-create-xml' => [
                [
                    'id' => 'activities-opportunity-create-xml',
                    'doc' => 'A new opportunity answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'opportunity',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'description' => 'Description text',
                                'valueunit' => 1500.5,
                                'valuecurrency' => 'USD',
                                'valueinterval' => 'fixed price',
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><id>3</id><data><description>Description text</description><valueunit>1500.5</valueunit><valuecurrency>USD</valuecurrency><valueinterval>fixed price</valueinterval></data><created>Nov 22, 2026 10:30:00</created><status>success</status></response>',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => [
                                'description' => 'Description text',
                                'valueunit' => 1500.5,
                                'valuecurrency' => 'USD',
                                'valueinterval' => 'fixed price',
                            ],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'opportunity'], 'method' => 'create'],
            ],
            'activities-photo-create-xml' => [
                [
                    'id' => 'activities-photo-create-xml',
                    'doc' => 'A new photo answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'photo',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'caption' => 'Caption text',
                                'file' => [
                                    'filename' => 'plan.pdf',
                                    'contenttype' => 'application/pdf',
                                    'size' => 20480,
                                ],
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><id>3</id><data><caption>Caption text</caption><file><filename>plan.pdf</filename><contenttype>application/pdf</contenttype><size>20480</size></file></data><created>Nov 22, 2026 10:30:00</created><status>success</status></response>',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => [
                                'caption' => 'Caption text',
                                'file' => [
                                    'filename' => 'plan.pdf',
                                    'contenttype' => 'application/pdf',
                                    'size' => 20480,
                                ],
                            ],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'photo'], 'method' => 'create'],
            ],
            'activities-photolist-create-json' => [
                [
                    'id' => 'activities-photolist-create-json',
                    'doc' => 'A new photo list answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'photolist',
                        'body' => ['parent' => 3, 'data' => ['title' => 'Title text'], 'flagged' => 0],
                    ],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' =>
                            '{"id":3,"data":{"title":"Title text"},"created":"Nov 22, 2026 10:30:00","status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => ['title' => 'Title text'],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'photolist'], 'method' => 'create'],
            ],
            'activities-separator-create-json' => [
                [
                    'id' => 'activities-separator-create-json',
                    'doc' => 'A new separator answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'separator',
                        'body' => [
                            'parent' => 3,
                            'data' => ['title' => 'Title text', 'hidesiblings' => 0],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' =>
                            '{"id":3,"data":{"title":"Title text","hidesiblings":0},"created":"Nov 22, 2026 10:30:00","status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => ['title' => 'Title text', 'hidesiblings' => 0],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'separator'], 'method' => 'create'],
            ],
            'activities-scheduledemail-create-xml' => [
                [
                    'id' => 'activities-scheduledemail-create-xml',
                    'doc' => 'A new scheduled email answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'scheduledemail',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'to' => ['Ann Lee <ann@example.com>'],
                                'cc' => ['Ann Lee <ann@example.com>'],
                                'bcc' => ['Ann Lee <ann@example.com>'],
                                'from' => 'From text',
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><id>3</id><data><to>Ann Lee &lt;ann@example.com&gt;</to><cc>Ann Lee &lt;ann@example.com&gt;</cc><bcc>Ann Lee &lt;ann@example.com&gt;</bcc><from>From text</from></data><created>Nov 22, 2026 10:30:00</created><status>success</status></response>',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => [
                                'to' => ['Ann Lee <ann@example.com>'],
                                'cc' => ['Ann Lee <ann@example.com>'],
                                'bcc' => ['Ann Lee <ann@example.com>'],
                                'from' => 'From text',
                            ],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'scheduledemail'], 'method' => 'create'],
            ],
            'activities-task-create-xml' => [
                [
                    'id' => 'activities-task-create-xml',
                    'doc' => 'A new task answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'task',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'title' => 'Title text',
                                'details' => 'Details text',
                                'assignedto' => 1,
                                'nodate' => 0,
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><id>3</id><data><title>Title text</title><details>Details text</details><assignedto>1</assignedto><nodate>0</nodate></data><created>Nov 22, 2026 10:30:00</created><status>success</status></response>',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => [
                                'title' => 'Title text',
                                'details' => 'Details text',
                                'assignedto' => 1,
                                'nodate' => 0,
                            ],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'task'], 'method' => 'create'],
            ],
            'activities-tasklist-create-xml' => [
                [
                    'id' => 'activities-tasklist-create-xml',
                    'doc' => 'A new task list answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'tasklist',
                        'body' => [
                            'parent' => 3,
                            'data' => [
                                'title' => 'Title text',
                                'description' => 'Description text',
                                'nodate' => 0,
                                'completed' => 0,
                            ],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><id>3</id><data><title>Title text</title><description>Description text</description><nodate>0</nodate><completed>0</completed></data><created>Nov 22, 2026 10:30:00</created><status>success</status></response>',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => [
                                'title' => 'Title text',
                                'description' => 'Description text',
                                'nodate' => 0,
                                'completed' => 0,
                            ],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'tasklist'], 'method' => 'create'],
            ],
            'activities-template-create-json' => [
                [
                    'id' => 'activities-template-create-json',
                    'doc' =>
                        'A new template of activities answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'template',
                        'body' => ['parent' => 3, 'data' => ['templateid' => 3], 'flagged' => 0],
                    ],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' =>
                            '{"id":3,"data":{"templateid":3},"created":"Nov 22, 2026 10:30:00","status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => ['templateid' => 3],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'template'], 'method' => 'create'],
            ],
            'activities-timerecord-create-json' => [
                [
                    'id' => 'activities-timerecord-create-json',
                    'doc' => 'A new time record answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'timerecord',
                        'body' => [
                            'parent' => 3,
                            'data' => ['date' => '2026-12-01', 'person' => 1, 'hours' => 1500.5, 'billable' => 0],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' =>
                            '{"id":3,"data":{"date":"2026-12-01","person":1,"hours":1500.5,"billable":0},"created":"Nov 22, 2026 10:30:00","status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => ['date' => '2026-12-01', 'person' => 1, 'hours' => 1500.5, 'billable' => 0],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'timerecord'], 'method' => 'create'],
            ],
            'activities-website-create-json' => [
                [
                    'id' => 'activities-website-create-json',
                    'doc' => 'A new website answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'website',
                        'body' => [
                            'parent' => 3,
                            'data' => ['caption' => 'Caption text', 'url' => 'https://www.example.com/'],
                            'flagged' => 0,
                        ],
                    ],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' =>
                            '{"id":3,"data":{"caption":"Caption text","url":"https://www.example.com/"},"created":"Nov 22, 2026 10:30:00","status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => ['caption' => 'Caption text', 'url' => 'https://www.example.com/'],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'website'], 'method' => 'create'],
            ],
            'activities-billingbwidget-create-xml' => [
                [
                    'id' => 'activities-billingbwidget-create-xml',
                    'doc' => 'A new billing widget b answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'billingbwidget',
                        'body' => ['parent' => 3, 'data' => ['contactid' => 3], 'flagged' => 0],
                    ],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><id>3</id><data><contactid>3</contactid></data><created>Nov 22, 2026 10:30:00</created><status>success</status></response>',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => ['contactid' => 3],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'billingbwidget'], 'method' => 'create'],
            ],
            'activities-supportwidget-create-json' => [
                [
                    'id' => 'activities-supportwidget-create-json',
                    'doc' => 'A new support widget answers its id, the echo of its fields and its creation text.',
                    'call' => [
                        'operation' => 'createActivity',
                        'kind' => 'contacts',
                        'segment' => 'supportwidget',
                        'body' => ['parent' => 3, 'data' => ['userid' => 3], 'flagged' => 0],
                    ],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' => '{"id":3,"data":{"userid":3},"created":"Nov 22, 2026 10:30:00","status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'data' => ['userid' => 3],
                            'created' => 'Nov 22, 2026 10:30:00',
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts', 'activities', 'supportwidget'], 'method' => 'create'],
            ],
            'activities-show-journal-xml' => [
                [
                    'id' => 'activities-show-journal-xml',
                    'doc' =>
                        'A record\'s journal entries decode by their typeid: each entry\'s fields are its activity type\'s.',
                    'call' => ['operation' => 'showRecord', 'kind' => 'contacts', 'id' => 467069],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><item><id>3</id><name>Name text</name><typeid>3</typeid><created>2026-11-22T10:30:00+00:00</created><viewed>2026-11-22T10:30:00+00:00</viewed><updated>2026-11-22T10:30:00+00:00</updated><ownership>1</ownership><flagged/><fields><firstname label="First name">Ann</firstname><lastname label="Last name">Lee</lastname><businessemail label="Business e-mail">ann@example.com</businessemail><businessphonedirect label="Business phone (direct)">+44 20 7946 0958</businessphonedirect><jobtitle label="Job title">Buyer</jobtitle><creatorid>1</creatorid><creatorname>Ann Lee</creatorname><creatordate>1795341600</creatordate><modificatorid>1</modificatorid><modificatorname>Ann Lee</modificatorname><modificatordate>1795341600</modificatordate></fields></item><activities><id12><level>3</level><cn>Cn text</cn><created>2026-11-22T10:30:00+00:00</created><viewed>2026-11-22T10:30:00+00:00</viewed><updated>2026-11-22T10:30:00+00:00</updated><flagged>0</flagged><typeid>73</typeid><parent>3</parent><creatorid>3</creatorid><creatorname>Creatorname text</creatorname><position>3</position><fields><details>Details text</details><dateoccured>2026-11-22T10:30:00+00:00</dateoccured><duration>3</duration></fields><modificatorid>3</modificatorid><modificatorname>Modificatorname text</modificatorname><id>12</id></id12></activities><categories><category><id>3</id><name>Name text</name></category></categories><relateditems><relatedto><id>3</id><typeid>3</typeid><name>Name text</name><note>Note text</note></relatedto></relateditems><status>success</status></response>',
                    ],
                    'expect' => [
                        'value' => [
                            'item' => [
                                'id' => 3,
                                'name' => 'Name text',
                                'typeid' => 3,
                                'created' => '2026-11-22T10:30:00+00:00',
                                'viewed' => '2026-11-22T10:30:00+00:00',
                                'updated' => '2026-11-22T10:30:00+00:00',
                                'ownership' => 1,
                                'flagged' => 0,
                                'fields' => [
                                    'firstname' => 'Ann',
                                    'lastname' => 'Lee',
                                    'businessemail' => 'ann@example.com',
                                    'businessphonedirect' => '+44 20 7946 0958',
                                    'jobtitle' => 'Buyer',
                                    'creatorid' => 1,
                                    'creatorname' => 'Ann Lee',
                                    'creatordate' => 1795341600,
                                    'modificatorid' => 1,
                                    'modificatorname' => 'Ann Lee',
                                    'modificatordate' => 1795341600,
                                ],
                            ],
                            'activities' => [
                                [
                                    'level' => 3,
                                    'cn' => 'Cn text',
                                    'created' => '2026-11-22T10:30:00+00:00',
                                    'viewed' => '2026-11-22T10:30:00+00:00',
                                    'updated' => '2026-11-22T10:30:00+00:00',
                                    'flagged' => 0,
                                    'typeid' => 73,
                                    'parent' => 3,
                                    'creatorid' => 3,
                                    'creatorname' => 'Creatorname text',
                                    'position' => 3,
                                    'modificatorid' => 3,
                                    'modificatorname' => 'Modificatorname text',
                                    'id' => 12,
                                    'fields' => [
                                        'details' => 'Details text',
                                        'dateoccured' => '2026-11-22T10:30:00+00:00',
                                        'duration' => 3,
                                    ],
                                ],
                            ],
                            'categories' => [['id' => 3, 'name' => 'Name text']],
                            'relateditems' => [
                                ['id' => 3, 'typeid' => 3, 'name' => 'Name text', 'note' => 'Note text'],
                            ],
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['contacts'], 'method' => 'show'],
            ],
            'reports-nextactions-json' => [
                [
                    'id' => 'reports-nextactions-json',
                    'doc' => 'The nextactions report\'s entries.',
                    'call' => [
                        'operation' => 'reportNextactions',
                        'params' => ['filter' => 1, 'due' => 'now', 'itemsdata' => 0],
                    ],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' =>
                            '{"actions":[{"id":3,"type":3,"itemid":3,"itemtype":3,"itemname":"Itemname text","owner":1,"created":"2026-11-22T10:30:00+00:00","title":"Title text","date":"2026-11-22T10:30:00+00:00","assignedto":1,"priority":3,"completed":0,"item":{"id":3,"name":"Name text","typeid":3,"fields":{"firstname":"Ann","lastname":"Lee","businessemail":"ann@example.com","businessphonedirect":"+44 20 7946 0958","jobtitle":"Buyer","creatorid":1,"creatorname":"Ann Lee","creatordate":1795341600,"modificatorid":1,"modificatorname":"Ann Lee","modificatordate":1795341600}}}],"status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'actions' => [
                                [
                                    'id' => 3,
                                    'type' => 3,
                                    'itemid' => 3,
                                    'itemtype' => 3,
                                    'itemname' => 'Itemname text',
                                    'owner' => 1,
                                    'created' => '2026-11-22T10:30:00+00:00',
                                    'title' => 'Title text',
                                    'date' => '2026-11-22T10:30:00+00:00',
                                    'assignedto' => 1,
                                    'priority' => 3,
                                    'completed' => 0,
                                    'item' => [
                                        'id' => 3,
                                        'name' => 'Name text',
                                        'typeid' => 3,
                                        'fields' => [
                                            'firstname' => 'Ann',
                                            'lastname' => 'Lee',
                                            'businessemail' => 'ann@example.com',
                                            'businessphonedirect' => '+44 20 7946 0958',
                                            'jobtitle' => 'Buyer',
                                            'creatorid' => 1,
                                            'creatorname' => 'Ann Lee',
                                            'creatordate' => 1795341600,
                                            'modificatorid' => 1,
                                            'modificatorname' => 'Ann Lee',
                                            'modificatordate' => 1795341600,
                                        ],
                                    ],
                                ],
                            ],
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['reports'], 'method' => 'nextactions'],
            ],
            'reports-calendar-xml' => [
                [
                    'id' => 'reports-calendar-xml',
                    'doc' => 'The calendar report\'s entries.',
                    'call' => [
                        'operation' => 'reportCalendar',
                        'params' => ['start' => '2026-12-01', 'end' => '2026-12-01', 'filter' => 1, 'itemsdata' => 0],
                    ],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><actions><action><id>3</id><type>3</type><itemid>3</itemid><itemtype>3</itemtype><itemname>Itemname text</itemname><owner>1</owner><created>2026-11-22T10:30:00+00:00</created><title>Title text</title><date>2026-11-22T10:30:00+00:00</date><assignedto>1</assignedto><priority>3</priority><completed>0</completed><item><id>3</id><name>Name text</name><typeid>3</typeid><fields><firstname label="First name">Ann</firstname><lastname label="Last name">Lee</lastname><businessemail label="Business e-mail">ann@example.com</businessemail><businessphonedirect label="Business phone (direct)">+44 20 7946 0958</businessphonedirect><jobtitle label="Job title">Buyer</jobtitle><creatorid>1</creatorid><creatorname>Ann Lee</creatorname><creatordate>1795341600</creatordate><modificatorid>1</modificatorid><modificatorname>Ann Lee</modificatorname><modificatordate>1795341600</modificatordate></fields></item></action></actions><status>success</status></response>',
                    ],
                    'expect' => [
                        'value' => [
                            'actions' => [
                                [
                                    'id' => 3,
                                    'type' => 3,
                                    'itemid' => 3,
                                    'itemtype' => 3,
                                    'itemname' => 'Itemname text',
                                    'owner' => 1,
                                    'created' => '2026-11-22T10:30:00+00:00',
                                    'title' => 'Title text',
                                    'date' => '2026-11-22T10:30:00+00:00',
                                    'assignedto' => 1,
                                    'priority' => 3,
                                    'completed' => 0,
                                    'item' => [
                                        'id' => 3,
                                        'name' => 'Name text',
                                        'typeid' => 3,
                                        'fields' => [
                                            'firstname' => 'Ann',
                                            'lastname' => 'Lee',
                                            'businessemail' => 'ann@example.com',
                                            'businessphonedirect' => '+44 20 7946 0958',
                                            'jobtitle' => 'Buyer',
                                            'creatorid' => 1,
                                            'creatorname' => 'Ann Lee',
                                            'creatordate' => 1795341600,
                                            'modificatorid' => 1,
                                            'modificatorname' => 'Ann Lee',
                                            'modificatordate' => 1795341600,
                                        ],
                                    ],
                                ],
                            ],
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['reports'], 'method' => 'calendar'],
            ],
            'reports-followups-json' => [
                [
                    'id' => 'reports-followups-json',
                    'doc' => 'The followups report\'s entries.',
                    'call' => [
                        'operation' => 'reportFollowups',
                        'params' => ['responsible' => 1, 'due' => 'now', 'itemsdata' => 0],
                    ],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' =>
                            '{"followups":[{"id":3,"type":3,"itemid":3,"itemtype":3,"itemname":"Itemname text","owner":1,"created":"2026-11-22T10:30:00+00:00","details":"Details text","assignedto":1,"nodate":0,"duedate":"2026-11-22T10:30:00+00:00","item":{"id":3,"name":"Name text","typeid":3,"fields":{"firstname":"Ann","lastname":"Lee","businessemail":"ann@example.com","businessphonedirect":"+44 20 7946 0958","jobtitle":"Buyer","creatorid":1,"creatorname":"Ann Lee","creatordate":1795341600,"modificatorid":1,"modificatorname":"Ann Lee","modificatordate":1795341600}}}],"status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'followups' => [
                                [
                                    'id' => 3,
                                    'type' => 3,
                                    'itemid' => 3,
                                    'itemtype' => 3,
                                    'itemname' => 'Itemname text',
                                    'owner' => 1,
                                    'created' => '2026-11-22T10:30:00+00:00',
                                    'details' => 'Details text',
                                    'assignedto' => 1,
                                    'nodate' => 0,
                                    'duedate' => '2026-11-22T10:30:00+00:00',
                                    'item' => [
                                        'id' => 3,
                                        'name' => 'Name text',
                                        'typeid' => 3,
                                        'fields' => [
                                            'firstname' => 'Ann',
                                            'lastname' => 'Lee',
                                            'businessemail' => 'ann@example.com',
                                            'businessphonedirect' => '+44 20 7946 0958',
                                            'jobtitle' => 'Buyer',
                                            'creatorid' => 1,
                                            'creatorname' => 'Ann Lee',
                                            'creatordate' => 1795341600,
                                            'modificatorid' => 1,
                                            'modificatorname' => 'Ann Lee',
                                            'modificatordate' => 1795341600,
                                        ],
                                    ],
                                ],
                            ],
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['reports'], 'method' => 'followups'],
            ],
            'reports-opportunities-json' => [
                [
                    'id' => 'reports-opportunities-json',
                    'doc' => 'The opportunities report\'s entries.',
                    'call' => [
                        'operation' => 'reportOpportunities',
                        'params' => ['filter' => 1, 'status' => 'discussion', 'due' => 'now', 'itemsdata' => 0],
                    ],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' =>
                            '{"opportunities":[{"id":3,"type":3,"itemid":3,"itemtype":3,"itemname":"Itemname text","owner":1,"created":"2026-11-22T10:30:00+00:00","modified":"2026-11-22T10:30:00+00:00","description":"Description text","valueunit":1500.5,"valuecurrency":"USD","valueinterval":"fixed price","valueduration":3,"stage":3,"probability":3,"closingdate":"2026-11-22T10:30:00+00:00","responsible":1,"status":"Discussion","item":{"id":3,"name":"Name text","typeid":3,"fields":{"firstname":"Ann","lastname":"Lee","businessemail":"ann@example.com","businessphonedirect":"+44 20 7946 0958","jobtitle":"Buyer","creatorid":1,"creatorname":"Ann Lee","creatordate":1795341600,"modificatorid":1,"modificatorname":"Ann Lee","modificatordate":1795341600}}}],"status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'opportunities' => [
                                [
                                    'id' => 3,
                                    'type' => 3,
                                    'itemid' => 3,
                                    'itemtype' => 3,
                                    'itemname' => 'Itemname text',
                                    'owner' => 1,
                                    'created' => '2026-11-22T10:30:00+00:00',
                                    'modified' => '2026-11-22T10:30:00+00:00',
                                    'description' => 'Description text',
                                    'valueunit' => 1500.5,
                                    'valuecurrency' => 'USD',
                                    'valueinterval' => 'fixed price',
                                    'valueduration' => 3,
                                    'stage' => 3,
                                    'probability' => 3,
                                    'closingdate' => '2026-11-22T10:30:00+00:00',
                                    'responsible' => 1,
                                    'status' => 'Discussion',
                                    'item' => [
                                        'id' => 3,
                                        'name' => 'Name text',
                                        'typeid' => 3,
                                        'fields' => [
                                            'firstname' => 'Ann',
                                            'lastname' => 'Lee',
                                            'businessemail' => 'ann@example.com',
                                            'businessphonedirect' => '+44 20 7946 0958',
                                            'jobtitle' => 'Buyer',
                                            'creatorid' => 1,
                                            'creatorname' => 'Ann Lee',
                                            'creatordate' => 1795341600,
                                            'modificatorid' => 1,
                                            'modificatorname' => 'Ann Lee',
                                            'modificatordate' => 1795341600,
                                        ],
                                    ],
                                ],
                            ],
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['reports'], 'method' => 'opportunities'],
            ],
            'reports-activities-xml' => [
                [
                    'id' => 'reports-activities-xml',
                    'doc' => 'The activities report\'s entries.',
                    'call' => [
                        'operation' => 'reportActivities',
                        'params' => [
                            'start' => '2026-12-01',
                            'end' => '2026-12-01',
                            'last' => 'created',
                            'types' => [3, 4],
                        ],
                    ],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><activities><activity><id>3</id><type>3</type><typeid>3</typeid><parent>3</parent><parenttypeid>3</parenttypeid><itemid>3</itemid><itemtype>3</itemtype><itemname>Itemname text</itemname><owner>1</owner><created>2026-11-22T10:30:00+00:00</created><updated>2026-11-22T10:30:00+00:00</updated><title>Title text</title><completed>0</completed><fields><details>Details text</details></fields><comments><comment><id>3</id><created>2026-11-22T10:30:00+00:00</created><owner>1</owner><posttext>Posttext text</posttext></comment></comments><item><id>3</id><name>Name text</name><typeid>3</typeid><fields><firstname label="First name">Ann</firstname><lastname label="Last name">Lee</lastname><businessemail label="Business e-mail">ann@example.com</businessemail><businessphonedirect label="Business phone (direct)">+44 20 7946 0958</businessphonedirect><jobtitle label="Job title">Buyer</jobtitle><creatorid>1</creatorid><creatorname>Ann Lee</creatorname><creatordate>1795341600</creatordate><modificatorid>1</modificatorid><modificatorname>Ann Lee</modificatorname><modificatordate>1795341600</modificatordate></fields></item></activity></activities><status>success</status></response>',
                    ],
                    'expect' => [
                        'value' => [
                            'activities' => [
                                [
                                    'id' => 3,
                                    'type' => 3,
                                    'typeid' => 3,
                                    'parent' => 3,
                                    'parenttypeid' => 3,
                                    'itemid' => 3,
                                    'itemtype' => 3,
                                    'itemname' => 'Itemname text',
                                    'owner' => 1,
                                    'created' => '2026-11-22T10:30:00+00:00',
                                    'updated' => '2026-11-22T10:30:00+00:00',
                                    'title' => 'Title text',
                                    'completed' => 0,
                                    'comments' => [
                                        [
                                            'id' => 3,
                                            'created' => '2026-11-22T10:30:00+00:00',
                                            'owner' => 1,
                                            'posttext' => 'Posttext text',
                                        ],
                                    ],
                                    'item' => [
                                        'id' => 3,
                                        'name' => 'Name text',
                                        'typeid' => 3,
                                        'fields' => [
                                            'firstname' => 'Ann',
                                            'lastname' => 'Lee',
                                            'businessemail' => 'ann@example.com',
                                            'businessphonedirect' => '+44 20 7946 0958',
                                            'jobtitle' => 'Buyer',
                                            'creatorid' => 1,
                                            'creatorname' => 'Ann Lee',
                                            'creatordate' => 1795341600,
                                            'modificatorid' => 1,
                                            'modificatorname' => 'Ann Lee',
                                            'modificatordate' => 1795341600,
                                        ],
                                    ],
                                    'fields' => ['details' => 'Details text'],
                                ],
                            ],
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['reports'], 'method' => 'activities'],
            ],
            'reports-timetracking-xml' => [
                [
                    'id' => 'reports-timetracking-xml',
                    'doc' => 'The timetracking report\'s entries.',
                    'call' => [
                        'operation' => 'reportTimetracking',
                        'params' => [
                            'start' => '2026-12-01',
                            'end' => '2026-12-01',
                            'filter' => 'invoiced',
                            'itemtypes' => [1, 2],
                        ],
                    ],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><timerecords><timerecord><id>3</id><type>3</type><itemid>3</itemid><itemtype>3</itemtype><tasklistid>3</tasklistid><taskid>3</taskid><owner>1</owner><created>2026-11-22T10:30:00+00:00</created><billable>0</billable><person>1</person><hours>1500.5</hours><date>2026-11-22T10:30:00+00:00</date><invoiced>Invoiced text</invoiced><details>Details text</details><itemname>Itemname text</itemname><tasklistname>Tasklistname text</tasklistname><taskname>Taskname text</taskname><item><id>3</id><name>Name text</name><typeid>3</typeid><fields><firstname label="First name">Ann</firstname><lastname label="Last name">Lee</lastname><businessemail label="Business e-mail">ann@example.com</businessemail><businessphonedirect label="Business phone (direct)">+44 20 7946 0958</businessphonedirect><jobtitle label="Job title">Buyer</jobtitle><creatorid>1</creatorid><creatorname>Ann Lee</creatorname><creatordate>1795341600</creatordate><modificatorid>1</modificatorid><modificatorname>Ann Lee</modificatorname><modificatordate>1795341600</modificatordate></fields></item></timerecord></timerecords><status>success</status></response>',
                    ],
                    'expect' => [
                        'value' => [
                            'timerecords' => [
                                [
                                    'id' => 3,
                                    'type' => 3,
                                    'itemid' => 3,
                                    'itemtype' => 3,
                                    'tasklistid' => 3,
                                    'taskid' => 3,
                                    'owner' => 1,
                                    'created' => '2026-11-22T10:30:00+00:00',
                                    'billable' => 0,
                                    'person' => 1,
                                    'hours' => 1500.5,
                                    'date' => '2026-11-22T10:30:00+00:00',
                                    'invoiced' => 'Invoiced text',
                                    'details' => 'Details text',
                                    'itemname' => 'Itemname text',
                                    'tasklistname' => 'Tasklistname text',
                                    'taskname' => 'Taskname text',
                                    'item' => [
                                        'id' => 3,
                                        'name' => 'Name text',
                                        'typeid' => 3,
                                        'fields' => [
                                            'firstname' => 'Ann',
                                            'lastname' => 'Lee',
                                            'businessemail' => 'ann@example.com',
                                            'businessphonedirect' => '+44 20 7946 0958',
                                            'jobtitle' => 'Buyer',
                                            'creatorid' => 1,
                                            'creatorname' => 'Ann Lee',
                                            'creatordate' => 1795341600,
                                            'modificatorid' => 1,
                                            'modificatorname' => 'Ann Lee',
                                            'modificatordate' => 1795341600,
                                        ],
                                    ],
                                ],
                            ],
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['reports'], 'method' => 'timetracking'],
            ],
            'hooks-create-xml' => [
                [
                    'id' => 'hooks-create-xml',
                    'doc' => 'A new webhook answers its id and the echo of its fields.',
                    'call' => [
                        'operation' => 'createHook',
                        'body' => [
                            'type' => 'web',
                            'title' => 'Title text',
                            'active' => 1,
                            'event' => 'items.categorize',
                            'constrainttype' => 'all',
                            'url' => 'https://www.example.com/',
                        ],
                    ],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><id>3</id><status>success</status><type>web</type><title>Title text</title><active>1</active><event>items.categorize</event><constrainttype>all</constrainttype><url>https://www.example.com/</url><contenttype>xml</contenttype><secret>Secret text</secret></response>',
                    ],
                    'expect' => [
                        'value' => [
                            'id' => 3,
                            'status' => 'success',
                            'type' => 'web',
                            'title' => 'Title text',
                            'active' => 1,
                            'event' => 'items.categorize',
                            'constrainttype' => 'all',
                            'url' => 'https://www.example.com/',
                            'contenttype' => 'xml',
                            'secret' => 'Secret text',
                        ],
                    ],
                ],
                ['path' => ['hooks'], 'method' => 'create'],
            ],
            'hooks-list-json' => [
                [
                    'id' => 'hooks-list-json',
                    'doc' => 'Webhooks are a list of hook entries.',
                    'call' => ['operation' => 'listHooks'],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' =>
                            '{"hooks":[{"id":3,"type":"web","title":"Title text","active":1,"event":"items.categorize","constrainttype":"all","url":"https://www.example.com/","contenttype":"xml","secret":"Secret text","disabledreason":"Disabledreason text"}],"status":"success"}',
                    ],
                    'expect' => [
                        'value' => [
                            'hooks' => [
                                [
                                    'id' => 3,
                                    'type' => 'web',
                                    'title' => 'Title text',
                                    'active' => 1,
                                    'event' => 'items.categorize',
                                    'constrainttype' => 'all',
                                    'url' => 'https://www.example.com/',
                                    'contenttype' => 'xml',
                                    'secret' => 'Secret text',
                                    'disabledreason' => 'Disabledreason text',
                                ],
                            ],
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['hooks'], 'method' => 'list'],
            ],
            'hooks-deliveries-xml' => [
                [
                    'id' => 'hooks-deliveries-xml',
                    'doc' => 'A webhook\'s delivery attempts.',
                    'call' => ['operation' => 'listHookDeliveries', 'id' => 5],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><deliveries><delivery><id>3</id><webhookid>Webhookid text</webhookid><event>items.categorize</event><objectid>3</objectid><attempt>3</attempt><attempted>2026-11-22T10:30:00+00:00</attempted><outcome>Outcome text</outcome><httpstatus>3</httpstatus><error>Error text</error><duration>3</duration><nextretry>2026-11-22T10:30:00+00:00</nextretry></delivery></deliveries><status>success</status></response>',
                    ],
                    'expect' => [
                        'value' => [
                            'deliveries' => [
                                [
                                    'id' => 3,
                                    'webhookid' => 'Webhookid text',
                                    'event' => 'items.categorize',
                                    'objectid' => 3,
                                    'attempt' => 3,
                                    'attempted' => '2026-11-22T10:30:00+00:00',
                                    'outcome' => 'Outcome text',
                                    'httpstatus' => 3,
                                    'error' => 'Error text',
                                    'duration' => 3,
                                    'nextretry' => '2026-11-22T10:30:00+00:00',
                                ],
                            ],
                            'status' => 'success',
                        ],
                    ],
                ],
                ['path' => ['hooks'], 'method' => 'deliveries'],
            ],
            'hooks-redeliver-json' => [
                [
                    'id' => 'hooks-redeliver-json',
                    'doc' => 'A redelivery answers the new delivery.',
                    'call' => ['operation' => 'redeliverHook', 'id' => 5, 'deliveryId' => 88],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' => '{"id":3,"status":"success"}',
                    ],
                    'expect' => ['value' => ['id' => 3, 'status' => 'success']],
                ],
                ['path' => ['hooks'], 'method' => 'redeliver'],
            ],
            'hooks-delete-xml' => [
                [
                    'id' => 'hooks-delete-xml',
                    'doc' => 'A deleted webhook answers its status.',
                    'call' => ['operation' => 'deleteHook', 'id' => 5],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<response><status>success</status></response>',
                    ],
                    'expect' => ['value' => ['status' => 'success']],
                ],
                ['path' => ['hooks'], 'method' => 'delete'],
            ],
            'records-tickets-delete-json' => [
                [
                    'id' => 'records-tickets-delete-json',
                    'doc' => 'A deleted record answers its status.',
                    'call' => ['operation' => 'deleteRecord', 'kind' => 'tickets', 'id' => 99],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' => '{"status":"success"}',
                    ],
                    'expect' => ['value' => ['status' => 'success']],
                ],
                ['path' => ['tickets'], 'method' => 'delete'],
            ],
            'activities-note-update-xml' => [
                [
                    'id' => 'activities-note-update-xml',
                    'doc' => 'An updated (or moved) activity answers its status.',
                    'call' => [
                        'operation' => 'updateActivity',
                        'kind' => 'contacts',
                        'segment' => 'note',
                        'id' => 12,
                        'body' => ['data' => ['details' => 'Called back']],
                    ],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<response><status>success</status></response>',
                    ],
                    'expect' => ['value' => ['status' => 'success']],
                ],
                ['path' => ['contacts', 'activities', 'note'], 'method' => 'update'],
            ],
            'activities-task-delete-json' => [
                [
                    'id' => 'activities-task-delete-json',
                    'doc' => 'A deleted activity answers its status.',
                    'call' => ['operation' => 'deleteActivity', 'kind' => 'companies', 'segment' => 'task', 'id' => 55],
                    'format' => 'json',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' => '{"status":"success"}',
                    ],
                    'expect' => ['value' => ['status' => 'success']],
                ],
                ['path' => ['companies', 'activities', 'task'], 'method' => 'delete'],
            ],
            'hooks-update-xml' => [
                [
                    'id' => 'hooks-update-xml',
                    'doc' => 'An updated webhook answers its status.',
                    'call' => ['operation' => 'updateHook', 'id' => 5, 'body' => ['active' => 0]],
                    'format' => 'xml',
                    'response' => [
                        'status' => 200,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' => '<response><status>success</status></response>',
                    ],
                    'expect' => ['value' => ['status' => 'success']],
                ],
                ['path' => ['hooks'], 'method' => 'update'],
            ],
            'errors-notfound-xml' => [
                [
                    'id' => 'errors-notfound-xml',
                    'doc' => 'A missing record is 404 itemisnotfound: the not-found error with the key.',
                    'call' => ['operation' => 'showRecord', 'kind' => 'contacts', 'id' => 999999],
                    'format' => 'xml',
                    'response' => [
                        'status' => 404,
                        'headers' => ['Content-Type' => 'application/xml', 'Http-X-Service-Api-Call-Limit' => '3/5000'],
                        'body' =>
                            '<response><status>failed</status><errors><itemisnotfound>Item is not found</itemisnotfound></errors></response>',
                    ],
                    'expect' => [
                        'error' => ['type' => 'notfound', 'status' => 404, 'keys' => ['itemisnotfound']],
                        'quota' => ['used' => 3, 'allowed' => 5000],
                    ],
                ],
                ['path' => ['contacts'], 'method' => 'show'],
            ],
            'errors-authentication-json' => [
                [
                    'id' => 'errors-authentication-json',
                    'doc' => 'Refused credentials are 401: the authentication error.',
                    'call' => ['operation' => 'listCategories', 'kind' => 'contacts'],
                    'format' => 'json',
                    'response' => [
                        'status' => 401,
                        'headers' => ['Content-Type' => 'application/json'],
                        'body' => '{"status":"failed","errors":{"authenticationfailed":"Authentication failed"}}',
                    ],
                    'expect' => [
                        'error' => ['type' => 'authentication', 'status' => 401, 'keys' => ['authenticationfailed']],
                    ],
                ],
                ['path' => ['contacts', 'categories'], 'method' => 'list'],
            ],
            'errors-validation-xml' => [
                [
                    'id' => 'errors-validation-xml',
                    'doc' => 'A refused value is 400 with one key per problem: the validation error.',
                    'call' => ['operation' => 'createRecord', 'kind' => 'contacts', 'body' => ['firstname' => 'Ann']],
                    'format' => 'xml',
                    'response' => [
                        'status' => 400,
                        'headers' => ['Content-Type' => 'application/xml', 'Http-X-Service-Api-Call-Limit' => '3/5000'],
                        'body' =>
                            '<response><status>failed</status><errors><invalidvalue>Invalid value for businessemail</invalidvalue><incorrectfield>Incorrect field specified: nickname</incorrectfield></errors></response>',
                    ],
                    'expect' => [
                        'error' => [
                            'type' => 'validation',
                            'status' => 400,
                            'keys' => ['invalidvalue', 'incorrectfield'],
                        ],
                        'quota' => ['used' => 3, 'allowed' => 5000],
                    ],
                ],
                ['path' => ['contacts'], 'method' => 'create'],
            ],
            'errors-ratelimit-json' => [
                [
                    'id' => 'errors-ratelimit-json',
                    'doc' => 'A spent quota is 429 quotaexceeded: the rate-limit error with its Retry-After.',
                    'call' => ['operation' => 'listCategories', 'kind' => 'contacts'],
                    'format' => 'json',
                    'response' => [
                        'status' => 429,
                        'headers' => [
                            'Content-Type' => 'application/json',
                            'Http-X-Service-Api-Call-Limit' => '5000/5000',
                            'Retry-After' => '3600',
                        ],
                        'body' => '{"status":"failed","errors":{"quotaexceeded":"The call limit is reached"}}',
                    ],
                    'expect' => [
                        'error' => [
                            'type' => 'ratelimit',
                            'status' => 429,
                            'keys' => ['quotaexceeded'],
                            'retryAfter' => 3600,
                        ],
                        'quota' => ['used' => 5000, 'allowed' => 5000],
                    ],
                ],
                ['path' => ['contacts', 'categories'], 'method' => 'list'],
            ],
            'errors-server-xml' => [
                [
                    'id' => 'errors-server-xml',
                    'doc' => 'An internal failure is 500: the server error.',
                    'call' => ['operation' => 'createRecord', 'kind' => 'contacts', 'body' => ['firstname' => 'Ann']],
                    'format' => 'xml',
                    'response' => [
                        'status' => 500,
                        'headers' => ['Content-Type' => 'application/xml'],
                        'body' =>
                            '<response><status>failed</status><errors><internalerror>Internal error</internalerror></errors></response>',
                    ],
                    'expect' => ['error' => ['type' => 'server', 'status' => 500, 'keys' => ['internalerror']]],
                ],
                ['path' => ['contacts'], 'method' => 'create'],
            ],
            'errors-unavailable-json' => [
                [
                    'id' => 'errors-unavailable-json',
                    'doc' => 'A busy service is 503 serviceunavailable: a server error.',
                    'call' => ['operation' => 'createRecord', 'kind' => 'contacts', 'body' => ['firstname' => 'Ann']],
                    'format' => 'json',
                    'response' => [
                        'status' => 503,
                        'headers' => ['Content-Type' => 'application/json', 'Retry-After' => '3600'],
                        'body' =>
                            '{"status":"failed","errors":{"serviceunavailable":"The service is busy; retry later"}}',
                    ],
                    'expect' => ['error' => ['type' => 'server', 'status' => 503, 'keys' => ['serviceunavailable']]],
                ],
                ['path' => ['contacts'], 'method' => 'create'],
            ],
            'errors-not-envelope-xml' => [
                [
                    'id' => 'errors-not-envelope-xml',
                    'doc' => 'An answer that is no envelope (a proxy page) is an error keyed http<status>.',
                    'call' => ['operation' => 'listFields', 'kind' => 'contacts'],
                    'format' => 'xml',
                    'response' => [
                        'status' => 502,
                        'headers' => ['Content-Type' => 'text/html'],
                        'body' => '<html><body>Bad gateway</body></html>',
                    ],
                    'expect' => ['error' => ['type' => 'server', 'status' => 502, 'keys' => ['http502']]],
                ],
                ['path' => ['contacts', 'fields'], 'method' => 'list'],
            ],
        ];
    }

    /** @return array<string, list<mixed>> */
    public static function retries(): array
    {
        return [
            'ratelimit-seconds' => [
                [
                    'id' => 'ratelimit-seconds',
                    'doc' =>
                        'A 429 with Retry-After in seconds is waited out, then sent again (any method: a 429 ran nothing).',
                    'method' => 'POST',
                    'status' => 429,
                    'retryAfter' => '2',
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => true, 'delaySeconds' => 2],
                ],
            ],
            'ratelimit-date' => [
                [
                    'id' => 'ratelimit-date',
                    'doc' => 'A 429 with an HTTP date waits until then, counted from the clock.',
                    'method' => 'GET',
                    'status' => 429,
                    'retryAfter' => 'Fri, 27 Nov 2026 12:00:05 GMT',
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => true, 'delaySeconds' => 5],
                ],
            ],
            'ratelimit-date-past' => [
                [
                    'id' => 'ratelimit-date-past',
                    'doc' => 'A date already past means now.',
                    'method' => 'GET',
                    'status' => 429,
                    'retryAfter' => 'Fri, 27 Nov 2026 11:59:00 GMT',
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => true, 'delaySeconds' => 0],
                ],
            ],
            'ratelimit-zero' => [
                [
                    'id' => 'ratelimit-zero',
                    'doc' => 'Retry-After: 0 is retried at once.',
                    'method' => 'GET',
                    'status' => 429,
                    'retryAfter' => '0',
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => true, 'delaySeconds' => 0],
                ],
            ],
            'ratelimit-at-cap' => [
                [
                    'id' => 'ratelimit-at-cap',
                    'doc' => 'The longest wait allowed by default is 60 seconds.',
                    'method' => 'GET',
                    'status' => 429,
                    'retryAfter' => '60',
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => true, 'delaySeconds' => 60],
                ],
            ],
            'ratelimit-above-cap' => [
                [
                    'id' => 'ratelimit-above-cap',
                    'doc' => 'A longer wait is not taken: the rate-limit error goes to the caller.',
                    'method' => 'GET',
                    'status' => 429,
                    'retryAfter' => '3600',
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => false],
                ],
            ],
            'ratelimit-absent' => [
                [
                    'id' => 'ratelimit-absent',
                    'doc' => 'A 429 without Retry-After is not retried (each retry spends quota).',
                    'method' => 'GET',
                    'status' => 429,
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => false],
                ],
            ],
            'ratelimit-negative' => [
                [
                    'id' => 'ratelimit-negative',
                    'doc' => 'A negative Retry-After is no value: not retried.',
                    'method' => 'GET',
                    'status' => 429,
                    'retryAfter' => '-5',
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => false],
                ],
            ],
            'ratelimit-garbage' => [
                [
                    'id' => 'ratelimit-garbage',
                    'doc' => 'An unreadable Retry-After is no value: not retried.',
                    'method' => 'GET',
                    'status' => 429,
                    'retryAfter' => 'soon',
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => false],
                ],
            ],
            'ratelimit-fraction' => [
                [
                    'id' => 'ratelimit-fraction',
                    'doc' => 'Retry-After is whole seconds; a fraction is unreadable.',
                    'method' => 'GET',
                    'status' => 429,
                    'retryAfter' => '1.5',
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => false],
                ],
            ],
            'ratelimit-once' => [
                [
                    'id' => 'ratelimit-once',
                    'doc' => 'A 429 is waited out once per call: a second one goes to the caller.',
                    'method' => 'GET',
                    'status' => 429,
                    'retryAfter' => '1',
                    'attempt' => 1,
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => false],
                ],
            ],
            'unavailable-seconds' => [
                [
                    'id' => 'unavailable-seconds',
                    'doc' => 'A 503 on a call that may run twice (GET, PUT, DELETE) is retried after its Retry-After.',
                    'method' => 'GET',
                    'status' => 503,
                    'retryAfter' => '3',
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => true, 'delaySeconds' => 3],
                ],
            ],
            'unavailable-post' => [
                [
                    'id' => 'unavailable-post',
                    'doc' =>
                        'A 503 on a POST is not retried, whatever its Retry-After: a proxy or a lost connection may have let it run.',
                    'method' => 'POST',
                    'status' => 503,
                    'retryAfter' => '3',
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => false],
                ],
            ],
            'unavailable-date' => [
                [
                    'id' => 'unavailable-date',
                    'doc' => 'A 503 with an HTTP date.',
                    'method' => 'PUT',
                    'status' => 503,
                    'retryAfter' => 'Fri, 27 Nov 2026 12:00:02 GMT',
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => true, 'delaySeconds' => 2],
                ],
            ],
            'unavailable-absent' => [
                [
                    'id' => 'unavailable-absent',
                    'doc' => 'A 503 without Retry-After is retried after the backoff.',
                    'method' => 'GET',
                    'status' => 503,
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => true, 'backoff' => true],
                ],
            ],
            'unavailable-garbage' => [
                [
                    'id' => 'unavailable-garbage',
                    'doc' => 'A 503 with an unreadable Retry-After is retried after the backoff.',
                    'method' => 'DELETE',
                    'status' => 503,
                    'retryAfter' => 'later',
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => true, 'backoff' => true],
                ],
            ],
            'unavailable-above-cap' => [
                [
                    'id' => 'unavailable-above-cap',
                    'doc' => 'A 503 asking for longer than the cap goes to the caller.',
                    'method' => 'GET',
                    'status' => 503,
                    'retryAfter' => '3600',
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => false],
                ],
            ],
            'unavailable-exhausted' => [
                [
                    'id' => 'unavailable-exhausted',
                    'doc' => 'After 3 retries the error goes to the caller.',
                    'method' => 'GET',
                    'status' => 503,
                    'retryAfter' => '1',
                    'attempt' => 3,
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => false],
                ],
            ],
            'server-error-get' => [
                [
                    'id' => 'server-error-get',
                    'doc' => 'A 500 on a call that may run twice (GET, PUT, DELETE) is retried after the backoff.',
                    'method' => 'GET',
                    'status' => 500,
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => true, 'backoff' => true],
                ],
            ],
            'server-error-put-retry-after' => [
                [
                    'id' => 'server-error-put-retry-after',
                    'doc' => 'A 500 with Retry-After on an idempotent call waits that long.',
                    'method' => 'PUT',
                    'status' => 500,
                    'retryAfter' => '1',
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => true, 'delaySeconds' => 1],
                ],
            ],
            'server-error-post' => [
                [
                    'id' => 'server-error-post',
                    'doc' => 'A 500 on a POST is not retried: the call may have run.',
                    'method' => 'POST',
                    'status' => 500,
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => false],
                ],
            ],
            'not-found' => [
                [
                    'id' => 'not-found',
                    'doc' => 'A 404 is never retried.',
                    'method' => 'GET',
                    'status' => 404,
                    'retryAfter' => '1',
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => false],
                ],
            ],
            'validation' => [
                [
                    'id' => 'validation',
                    'doc' => 'A 400 is never retried.',
                    'method' => 'POST',
                    'status' => 400,
                    'now' => 'Fri, 27 Nov 2026 12:00:00 GMT',
                    'expect' => ['retry' => false],
                ],
            ],
        ];
    }

    /** @return array<string, list<mixed>> */
    public static function webhooks(): array
    {
        return [
            'hmac-valid' => [
                [
                    'id' => 'hmac-valid',
                    'doc' => 'X-Service-Hmac-Sha256 is the lower-case hex HMAC-SHA256 of the exact body bytes.',
                    'body' => '<?xml version="1.0" encoding="UTF-8"?>
<notification><type>items.create</type><objectid>467069</objectid><occured>2026-11-27T12:00:00+00:00</occured><content><item><id>467069</id><name>Ann Lee</name></item></content></notification>',
                    'headers' => [
                        'X-Service-Hmac-Sha256' => '2ff285168519f8124aeab50303ab261906d488652f5988b8ad86726d95b5e74e',
                    ],
                    'secret' => 'whsec-0123456789',
                    'now' => 1795780800,
                    'expect' => 'valid',
                ],
            ],
            'hmac-uppercase' => [
                [
                    'id' => 'hmac-uppercase',
                    'doc' => 'The hex digest is compared without regard to case.',
                    'body' => '<?xml version="1.0" encoding="UTF-8"?>
<notification><type>items.create</type><objectid>467069</objectid><occured>2026-11-27T12:00:00+00:00</occured><content><item><id>467069</id><name>Ann Lee</name></item></content></notification>',
                    'headers' => [
                        'X-Service-Hmac-Sha256' => '2FF285168519F8124AEAB50303AB261906D488652F5988B8AD86726D95B5E74E',
                    ],
                    'secret' => 'whsec-0123456789',
                    'now' => 1795780800,
                    'expect' => 'valid',
                ],
            ],
            'hmac-wrong-secret' => [
                [
                    'id' => 'hmac-wrong-secret',
                    'doc' => 'A digest made with another secret is refused.',
                    'body' => '<?xml version="1.0" encoding="UTF-8"?>
<notification><type>items.create</type><objectid>467069</objectid><occured>2026-11-27T12:00:00+00:00</occured><content><item><id>467069</id><name>Ann Lee</name></item></content></notification>',
                    'headers' => [
                        'X-Service-Hmac-Sha256' => '17ffcbed8004bc38f95b7c8a97e20e742e9f766737ae1f80c4fa78bcd9acd3be',
                    ],
                    'secret' => 'whsec-0123456789',
                    'now' => 1795780800,
                    'expect' => 'invalid',
                ],
            ],
            'hmac-body-changed' => [
                [
                    'id' => 'hmac-body-changed',
                    'doc' => 'One byte changed in the body is refused.',
                    'body' => '<?xml version="1.0" encoding="UTF-8"?>
<notification><type>items.create</type><objectid>467069</objectid><occured>2026-11-27T12:00:00+00:00</occured><content><item><id>467069</id><name>Anna Lee</name></item></content></notification>',
                    'headers' => [
                        'X-Service-Hmac-Sha256' => '2ff285168519f8124aeab50303ab261906d488652f5988b8ad86726d95b5e74e',
                    ],
                    'secret' => 'whsec-0123456789',
                    'now' => 1795780800,
                    'expect' => 'invalid',
                ],
            ],
            'hmac-missing' => [
                [
                    'id' => 'hmac-missing',
                    'doc' => 'No signature header at all is refused.',
                    'body' => '<?xml version="1.0" encoding="UTF-8"?>
<notification><type>items.create</type><objectid>467069</objectid><occured>2026-11-27T12:00:00+00:00</occured><content><item><id>467069</id><name>Ann Lee</name></item></content></notification>',
                    'headers' => [],
                    'secret' => 'whsec-0123456789',
                    'now' => 1795780800,
                    'expect' => 'invalid',
                ],
            ],
            'hmac-truncated' => [
                [
                    'id' => 'hmac-truncated',
                    'doc' => 'A prefix of the right digest is refused.',
                    'body' => '<?xml version="1.0" encoding="UTF-8"?>
<notification><type>items.create</type><objectid>467069</objectid><occured>2026-11-27T12:00:00+00:00</occured><content><item><id>467069</id><name>Ann Lee</name></item></content></notification>',
                    'headers' => ['X-Service-Hmac-Sha256' => '2ff285168519f8124aeab50303ab2619'],
                    'secret' => 'whsec-0123456789',
                    'now' => 1795780800,
                    'expect' => 'invalid',
                ],
            ],
            'standard-valid' => [
                [
                    'id' => 'standard-valid',
                    'doc' =>
                        'Standard Webhooks: v1, base64 HMAC-SHA256 of id.timestamp.body, timestamp within the tolerance (300 s).',
                    'body' => '<?xml version="1.0" encoding="UTF-8"?>
<notification><type>items.create</type><objectid>467069</objectid><occured>2026-11-27T12:00:00+00:00</occured><content><item><id>467069</id><name>Ann Lee</name></item></content></notification>',
                    'headers' => [
                        'webhook-id' => 'msg_2Kx9',
                        'webhook-timestamp' => '1795780790',
                        'webhook-signature' => 'v1,SZGKnupRFumrnQD6GctK+jkL0o75hBTb9BTWlDgdqR0=',
                    ],
                    'secret' => 'whsec-0123456789',
                    'now' => 1795780800,
                    'expect' => 'valid',
                ],
            ],
            'standard-several' => [
                [
                    'id' => 'standard-several',
                    'doc' => 'Several space-separated signatures (a secret being rotated): one match is enough.',
                    'body' => '<?xml version="1.0" encoding="UTF-8"?>
<notification><type>items.create</type><objectid>467069</objectid><occured>2026-11-27T12:00:00+00:00</occured><content><item><id>467069</id><name>Ann Lee</name></item></content></notification>',
                    'headers' => [
                        'webhook-id' => 'msg_2Kx9',
                        'webhook-timestamp' => '1795780800',
                        'webhook-signature' =>
                            'v1,DU+HoyC1b44ADfhbp1snT5YkhhoquSFNQYlhX+ylHJQ= v1,SvkHpN9LJf6tpVbjEq+07w+knWn6Xd2S8tIst3ek6ZQ=',
                    ],
                    'secret' => 'whsec-0123456789',
                    'now' => 1795780800,
                    'expect' => 'valid',
                ],
            ],
            'standard-stale' => [
                [
                    'id' => 'standard-stale',
                    'doc' =>
                        'A timestamp further than the tolerance from the clock is stale, even with a right signature (no replays).',
                    'body' => '<?xml version="1.0" encoding="UTF-8"?>
<notification><type>items.create</type><objectid>467069</objectid><occured>2026-11-27T12:00:00+00:00</occured><content><item><id>467069</id><name>Ann Lee</name></item></content></notification>',
                    'headers' => [
                        'webhook-id' => 'msg_2Kx9',
                        'webhook-timestamp' => '1795780499',
                        'webhook-signature' => 'v1,LSjjRyQW0Rf+ih2i+YWjr/BUggp9a84bN/RBh+4JXQk=',
                    ],
                    'secret' => 'whsec-0123456789',
                    'now' => 1795780800,
                    'expect' => 'stale',
                ],
            ],
            'standard-future' => [
                [
                    'id' => 'standard-future',
                    'doc' => 'A timestamp too far ahead is stale too.',
                    'body' => '<?xml version="1.0" encoding="UTF-8"?>
<notification><type>items.create</type><objectid>467069</objectid><occured>2026-11-27T12:00:00+00:00</occured><content><item><id>467069</id><name>Ann Lee</name></item></content></notification>',
                    'headers' => [
                        'webhook-id' => 'msg_2Kx9',
                        'webhook-timestamp' => '1795781200',
                        'webhook-signature' => 'v1,XIhiKrXdK6fb1Rr5tFxl/uWQ7KmEFmrSBd/LwA8gNUY=',
                    ],
                    'secret' => 'whsec-0123456789',
                    'now' => 1795780800,
                    'expect' => 'stale',
                ],
            ],
            'standard-tolerance' => [
                [
                    'id' => 'standard-tolerance',
                    'doc' => 'The tolerance is the caller\'s to set.',
                    'body' => '<?xml version="1.0" encoding="UTF-8"?>
<notification><type>items.create</type><objectid>467069</objectid><occured>2026-11-27T12:00:00+00:00</occured><content><item><id>467069</id><name>Ann Lee</name></item></content></notification>',
                    'headers' => [
                        'webhook-id' => 'msg_2Kx9',
                        'webhook-timestamp' => '1795780300',
                        'webhook-signature' => 'v1,Wdag9nK7Yt61E6Z1SYLvxV8rOlh+vbeQ2358Qi/Sd/s=',
                    ],
                    'secret' => 'whsec-0123456789',
                    'now' => 1795780800,
                    'toleranceSeconds' => 600,
                    'expect' => 'valid',
                ],
            ],
            'standard-wrong-id' => [
                [
                    'id' => 'standard-wrong-id',
                    'doc' => 'The signature covers the webhook-id: another id is refused.',
                    'body' => '<?xml version="1.0" encoding="UTF-8"?>
<notification><type>items.create</type><objectid>467069</objectid><occured>2026-11-27T12:00:00+00:00</occured><content><item><id>467069</id><name>Ann Lee</name></item></content></notification>',
                    'headers' => [
                        'webhook-id' => 'msg_other',
                        'webhook-timestamp' => '1795780800',
                        'webhook-signature' => 'v1,SvkHpN9LJf6tpVbjEq+07w+knWn6Xd2S8tIst3ek6ZQ=',
                    ],
                    'secret' => 'whsec-0123456789',
                    'now' => 1795780800,
                    'expect' => 'invalid',
                ],
            ],
            'standard-version' => [
                [
                    'id' => 'standard-version',
                    'doc' => 'Only v1 signatures count.',
                    'body' => '<?xml version="1.0" encoding="UTF-8"?>
<notification><type>items.create</type><objectid>467069</objectid><occured>2026-11-27T12:00:00+00:00</occured><content><item><id>467069</id><name>Ann Lee</name></item></content></notification>',
                    'headers' => [
                        'webhook-id' => 'msg_2Kx9',
                        'webhook-timestamp' => '1795780800',
                        'webhook-signature' => 'v2,SvkHpN9LJf6tpVbjEq+07w+knWn6Xd2S8tIst3ek6ZQ=',
                    ],
                    'secret' => 'whsec-0123456789',
                    'now' => 1795780800,
                    'expect' => 'invalid',
                ],
            ],
            'standard-bad-timestamp' => [
                [
                    'id' => 'standard-bad-timestamp',
                    'doc' => 'A timestamp that is not whole seconds is refused.',
                    'body' => '<?xml version="1.0" encoding="UTF-8"?>
<notification><type>items.create</type><objectid>467069</objectid><occured>2026-11-27T12:00:00+00:00</occured><content><item><id>467069</id><name>Ann Lee</name></item></content></notification>',
                    'headers' => [
                        'webhook-id' => 'msg_2Kx9',
                        'webhook-timestamp' => 'yesterday',
                        'webhook-signature' => 'v1,SvkHpN9LJf6tpVbjEq+07w+knWn6Xd2S8tIst3ek6ZQ=',
                    ],
                    'secret' => 'whsec-0123456789',
                    'now' => 1795780800,
                    'expect' => 'invalid',
                ],
            ],
            'standard-over-hmac' => [
                [
                    'id' => 'standard-over-hmac',
                    'doc' =>
                        'When Standard Webhooks headers are present they decide, whatever X-Service-Hmac-Sha256 says.',
                    'body' => '<?xml version="1.0" encoding="UTF-8"?>
<notification><type>items.create</type><objectid>467069</objectid><occured>2026-11-27T12:00:00+00:00</occured><content><item><id>467069</id><name>Ann Lee</name></item></content></notification>',
                    'headers' => [
                        'X-Service-Hmac-Sha256' => '2ff285168519f8124aeab50303ab261906d488652f5988b8ad86726d95b5e74e',
                        'webhook-id' => 'msg_2Kx9',
                        'webhook-timestamp' => '1795780800',
                        'webhook-signature' => 'v1,wii81xDg1aC7fsI87I6VRmRh7tse8/Vkb69b1LXeFsg=',
                    ],
                    'secret' => 'whsec-0123456789',
                    'now' => 1795780800,
                    'expect' => 'invalid',
                ],
            ],
        ];
    }

    /** @return array<string, list<mixed>> */
    public static function batches(): array
    {
        return [
            'create-and-missing-xml' => [
                [
                    'id' => 'create-and-missing-xml',
                    'doc' =>
                        'Two calls in one multipart/mixed request: each part is application/http with a Content-ID, CRLF line ends, the nested request with its own headers; each answer part settles its own call, a 201 with its value and a 404 as the not-found error.',
                    'format' => 'xml',
                    'calls' => [
                        [
                            'operation' => 'createRecord',
                            'kind' => 'contacts',
                            'body' => ['firstname' => 'Ann', 'lastname' => 'Lee'],
                        ],
                        ['operation' => 'showRecord', 'kind' => 'contacts', 'id' => 999999],
                    ],
                    'request' => [
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/xml',
                            'Content-Type' => 'multipart/mixed; boundary=BOUNDARY',
                        ],
                        'crlfLines' => [
                            '--BOUNDARY',
                            'Content-Type: application/http',
                            'Content-Transfer-Encoding: binary',
                            'Content-ID: <1>',
                            '',
                            'POST /contacts/ HTTP/1.1',
                            'Content-Type: application/xml',
                            'Content-Length: 108',
                            'Accept: application/xml',
                            '',
                            '<?xml version="1.0" encoding="UTF-8"?>
<request><firstname>Ann</firstname><lastname>Lee</lastname></request>',
                            '--BOUNDARY',
                            'Content-Type: application/http',
                            'Content-Transfer-Encoding: binary',
                            'Content-ID: <2>',
                            '',
                            'GET /contacts/999999/ HTTP/1.1',
                            'Accept: application/xml',
                            '',
                            '',
                            '--BOUNDARY--',
                            '',
                        ],
                    ],
                    'response' => [
                        'headers' => [
                            'Content-Type' => 'multipart/mixed; boundary=BOUNDARY',
                            'Http-X-Service-Api-Call-Limit' => '12/5000',
                        ],
                        'crlfLines' => [
                            '--BOUNDARY',
                            'Content-Type: application/http',
                            'Content-Transfer-Encoding: binary',
                            'Content-ID: <response-1>',
                            '',
                            'HTTP/1.1 201 Created',
                            'Content-Type: application/xml',
                            'Content-Length: 264',
                            'Location: /contacts/467069/',
                            '',
                            '<?xml version="1.0" encoding="UTF-8"?>
<response><item><id>467069</id><name>Ann Lee</name><typeid>1</typeid><flagged/><fields><firstname label="First name">Ann</firstname><lastname label="Last name">Lee</lastname></fields></item><status>success</status></response>',
                            '--BOUNDARY',
                            'Content-Type: application/http',
                            'Content-Transfer-Encoding: binary',
                            'Content-ID: <response-2>',
                            '',
                            'HTTP/1.1 404 Not Found',
                            'Content-Type: application/xml',
                            'Content-Length: 150',
                            '',
                            '<?xml version="1.0" encoding="UTF-8"?>
<response><status>failed</status><errors><itemisnotfound>Item is not found</itemisnotfound></errors></response>',
                            '--BOUNDARY--',
                            '',
                        ],
                    ],
                    'expect' => [
                        [
                            'value' => [
                                'item' => [
                                    'id' => 467069,
                                    'name' => 'Ann Lee',
                                    'typeid' => 1,
                                    'flagged' => 0,
                                    'fields' => ['firstname' => 'Ann', 'lastname' => 'Lee'],
                                ],
                                'status' => 'success',
                            ],
                        ],
                        ['error' => ['type' => 'notfound', 'status' => 404, 'keys' => ['itemisnotfound']]],
                    ],
                ],
                [['path' => ['contacts'], 'method' => 'create'], ['path' => ['contacts'], 'method' => 'show']],
            ],
            'note-and-categories-json' => [
                [
                    'id' => 'note-and-categories-json',
                    'doc' =>
                        'In JSON the nested bodies are JSON; a list answer and an activity answer settle their calls.',
                    'format' => 'json',
                    'calls' => [
                        [
                            'operation' => 'createActivity',
                            'kind' => 'contacts',
                            'segment' => 'note',
                            'body' => ['parent' => 467069, 'data' => ['details' => 'Met at the fair']],
                        ],
                        ['operation' => 'listCategories', 'kind' => 'companies'],
                    ],
                    'request' => [
                        'headers' => [
                            'Authorization' => 'Basic YW5uQGV4YW1wbGUuY29tOnQwa2Vu',
                            'Accept' => 'application/json',
                            'Content-Type' => 'multipart/mixed; boundary=BOUNDARY',
                        ],
                        'crlfLines' => [
                            '--BOUNDARY',
                            'Content-Type: application/http',
                            'Content-Transfer-Encoding: binary',
                            'Content-ID: <1>',
                            '',
                            'POST /contacts/note/ HTTP/1.1',
                            'Content-Type: application/json',
                            'Content-Length: 54',
                            'Accept: application/json',
                            '',
                            '{"parent":467069,"data":{"details":"Met at the fair"}}',
                            '--BOUNDARY',
                            'Content-Type: application/http',
                            'Content-Transfer-Encoding: binary',
                            'Content-ID: <2>',
                            '',
                            'GET /companies/categories/ HTTP/1.1',
                            'Accept: application/json',
                            '',
                            '',
                            '--BOUNDARY--',
                            '',
                        ],
                    ],
                    'response' => [
                        'headers' => [
                            'Content-Type' => 'multipart/mixed; boundary=BOUNDARY',
                            'Http-X-Service-Api-Call-Limit' => '12/5000',
                        ],
                        'crlfLines' => [
                            '--BOUNDARY',
                            'Content-Type: application/http',
                            'Content-Transfer-Encoding: binary',
                            'Content-ID: <response-1>',
                            '',
                            'HTTP/1.1 200 OK',
                            'Content-Type: application/json',
                            'Content-Length: 99',
                            '',
                            '{"id":12,"data":{"details":"Met at the fair"},"created":"Nov 27, 2026 12:00:00","status":"success"}',
                            '--BOUNDARY',
                            'Content-Type: application/http',
                            'Content-Transfer-Encoding: binary',
                            'Content-ID: <response-2>',
                            '',
                            'HTTP/1.1 200 OK',
                            'Content-Type: application/json',
                            'Content-Length: 63',
                            '',
                            '{"categories":[{"id":3,"name":"Customers"}],"status":"success"}',
                            '--BOUNDARY--',
                            '',
                        ],
                    ],
                    'expect' => [
                        [
                            'value' => [
                                'id' => 12,
                                'data' => ['details' => 'Met at the fair'],
                                'created' => 'Nov 27, 2026 12:00:00',
                                'status' => 'success',
                            ],
                        ],
                        ['value' => ['categories' => [['id' => 3, 'name' => 'Customers']], 'status' => 'success']],
                    ],
                ],
                [
                    ['path' => ['contacts', 'activities', 'note'], 'method' => 'create'],
                    ['path' => ['companies', 'categories'], 'method' => 'list'],
                ],
            ],
            'split-at-limit' => [
                [
                    'id' => 'split-at-limit',
                    'doc' =>
                        'More calls than the spec allows in one batch (batch.maxParts) go out as several batch requests, in order, each of at most maxParts parts.',
                    'format' => 'xml',
                    'repeat' => [
                        'call' => ['operation' => 'showRecord', 'kind' => 'contacts', 'id' => 467069],
                        'times' => 101,
                    ],
                    'expectRequests' => [['parts' => 100], ['parts' => 1]],
                ],
                [['path' => ['contacts'], 'method' => 'show']],
            ],
        ];
    }

    /** @return array<string, list<mixed>> */
    public static function pages(): array
    {
        return [
            'three-pages' => [
                [
                    'id' => 'three-pages',
                    'doc' =>
                        'Iterating a list fetches page after page (start advanced by the entries received) until count entries came; each entry once, in order.',
                    'format' => 'xml',
                    'call' => ['operation' => 'listRecords', 'kind' => 'contacts', 'params' => ['limit' => 2]],
                    'pages' => [
                        [
                            'query' => ['limit' => '2', 'start' => '0'],
                            'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><id5><id>5</id><name>Contact 5</name><parentid>0</parentid><flagged/><created>2026-11-20T08:00:00+00:00</created><viewed>2026-11-20T08:00:00+00:00</viewed><updated>2026-11-20T08:00:00+00:00</updated></id5><id4><id>4</id><name>Contact 4</name><parentid>0</parentid><flagged/><created>2026-11-20T08:00:00+00:00</created><viewed>2026-11-20T08:00:00+00:00</viewed><updated>2026-11-20T08:00:00+00:00</updated></id4><count>5</count><status>success</status></response>',
                        ],
                        [
                            'query' => ['limit' => '2', 'start' => '2'],
                            'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><id3><id>3</id><name>Contact 3</name><parentid>0</parentid><flagged/><created>2026-11-20T08:00:00+00:00</created><viewed>2026-11-20T08:00:00+00:00</viewed><updated>2026-11-20T08:00:00+00:00</updated></id3><id2><id>2</id><name>Contact 2</name><parentid>0</parentid><flagged/><created>2026-11-20T08:00:00+00:00</created><viewed>2026-11-20T08:00:00+00:00</viewed><updated>2026-11-20T08:00:00+00:00</updated></id2><count>5</count><status>success</status></response>',
                        ],
                        [
                            'query' => ['limit' => '2', 'start' => '4'],
                            'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><id1><id>1</id><name>Contact 1</name><parentid>0</parentid><flagged/><created>2026-11-20T08:00:00+00:00</created><viewed>2026-11-20T08:00:00+00:00</viewed><updated>2026-11-20T08:00:00+00:00</updated></id1><count>5</count><status>success</status></response>',
                        ],
                    ],
                    'expect' => [5, 4, 3, 2, 1],
                ],
                ['path' => ['contacts'], 'method' => 'list'],
            ],
            'from-start' => [
                [
                    'id' => 'from-start',
                    'doc' => 'A start given by the caller is where iteration begins.',
                    'format' => 'xml',
                    'call' => [
                        'operation' => 'listRecords',
                        'kind' => 'companies',
                        'params' => ['limit' => 3, 'start' => 3],
                    ],
                    'pages' => [
                        [
                            'query' => ['limit' => '3', 'start' => '3'],
                            'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><id7><id>7</id><name>Contact 7</name><parentid>0</parentid><flagged/><created>2026-11-20T08:00:00+00:00</created><viewed>2026-11-20T08:00:00+00:00</viewed><updated>2026-11-20T08:00:00+00:00</updated></id7><id8><id>8</id><name>Contact 8</name><parentid>0</parentid><flagged/><created>2026-11-20T08:00:00+00:00</created><viewed>2026-11-20T08:00:00+00:00</viewed><updated>2026-11-20T08:00:00+00:00</updated></id8><id9><id>9</id><name>Contact 9</name><parentid>0</parentid><flagged/><created>2026-11-20T08:00:00+00:00</created><viewed>2026-11-20T08:00:00+00:00</viewed><updated>2026-11-20T08:00:00+00:00</updated></id9><count>7</count><status>success</status></response>',
                        ],
                        [
                            'query' => ['limit' => '3', 'start' => '6'],
                            'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><id10><id>10</id><name>Contact 10</name><parentid>0</parentid><flagged/><created>2026-11-20T08:00:00+00:00</created><viewed>2026-11-20T08:00:00+00:00</viewed><updated>2026-11-20T08:00:00+00:00</updated></id10><count>7</count><status>success</status></response>',
                        ],
                    ],
                    'expect' => [7, 8, 9, 10],
                ],
                ['path' => ['companies'], 'method' => 'list'],
            ],
            'shrunk-list' => [
                [
                    'id' => 'shrunk-list',
                    'doc' =>
                        'A page with no entries ends the iteration even when count promised more (records deleted meanwhile).',
                    'format' => 'xml',
                    'call' => ['operation' => 'listRecords', 'kind' => 'contacts', 'params' => ['limit' => 2]],
                    'pages' => [
                        [
                            'query' => ['limit' => '2', 'start' => '0'],
                            'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><id1><id>1</id><name>Contact 1</name><parentid>0</parentid><flagged/><created>2026-11-20T08:00:00+00:00</created><viewed>2026-11-20T08:00:00+00:00</viewed><updated>2026-11-20T08:00:00+00:00</updated></id1><id2><id>2</id><name>Contact 2</name><parentid>0</parentid><flagged/><created>2026-11-20T08:00:00+00:00</created><viewed>2026-11-20T08:00:00+00:00</viewed><updated>2026-11-20T08:00:00+00:00</updated></id2><count>6</count><status>success</status></response>',
                        ],
                        [
                            'query' => ['limit' => '2', 'start' => '2'],
                            'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><count>2</count><status>success</status></response>',
                        ],
                    ],
                    'expect' => [1, 2],
                ],
                ['path' => ['contacts'], 'method' => 'list'],
            ],
            'empty' => [
                [
                    'id' => 'empty',
                    'doc' => 'An empty list yields nothing after one request.',
                    'format' => 'xml',
                    'call' => ['operation' => 'listRecords', 'kind' => 'tickets', 'params' => ['limit' => 50]],
                    'pages' => [
                        [
                            'query' => ['limit' => '50', 'start' => '0'],
                            'body' => '<?xml version="1.0" encoding="UTF-8"?>
<response><count>0</count><status>success</status></response>',
                        ],
                    ],
                    'expect' => [],
                ],
                ['path' => ['tickets'], 'method' => 'list'],
            ],
        ];
    }
}
