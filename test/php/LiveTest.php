<?php

declare(strict_types=1);

use Crmgen\Client\Client;
use Crmgen\Client\Enum;
use Crmgen\Client\Id;
use Crmgen\Client\Model;
use Crmgen\Client\Runtime\CallOptions;
use Crmgen\Client\Runtime\CurlTransport;
use Crmgen\Client\Runtime\Format;
use Crmgen\Client\Runtime\HttpRequest;
use Crmgen\Client\Runtime\HttpResponse;
use Crmgen\Client\Runtime\NotFoundException;
use Crmgen\Client\Runtime\RateLimitException;
use Crmgen\Client\Runtime\Transport;
use Crmgen\Client\Runtime\Upload;
use Crmgen\Client\Runtime\ValidationException;
use PHPUnit\Framework\TestCase;

/** The curl transport, recording each status it got (to see a retry happen). */
final class RecordingTransport implements Transport
{
    /** @var list<int> */
    public array $statuses = [];
    private CurlTransport $curl;

    public function __construct()
    {
        $this->curl = new CurlTransport();
    }

    public function send(HttpRequest $request): HttpResponse
    {
        $r = $this->curl->send($request);
        $this->statuses[] = $r->status;
        return $r;
    }
}

/**
 * The whole SDK against a live `crmgen serve` (CRM_URL, CRM_EMAIL, CRM_TOKEN), in XML and JSON:
 * every operation at least once, batch, pagination, a 404, a 429 retried after Retry-After
 * (CRM_QUOTA_URL: a service with a tiny quota and window) and a webhook verified on 127.0.0.1.
 */
final class LiveTest extends TestCase
{
    private static function client(Format $format, ?Transport $transport = null, ?string $url = null): Client
    {
        return Client::create($url ?? (string) getenv('CRM_URL'), (string) getenv('CRM_EMAIL'), (string) getenv('CRM_TOKEN'), $format, $transport);
    }

    /** @return array<string, array{Format}> */
    public static function formats(): array
    {
        return ['xml' => [Format::Xml], 'json' => [Format::Json]];
    }

    /** @dataProvider formats */
    public function testRecordsCategoriesAndFields(Format $format): void
    {
        $crm = self::client($format);
        $created = $crm->contacts->create(new Model\ContactsCreateRecordRequest(firstname: 'Ann', lastname: 'Lee', businessemail: 'ann@example.com', flagged: true));
        $id = $created->item->id;
        self::assertInstanceOf(Id\ContactId::class, $id);
        self::assertSame('Ann Lee', $created->item->name);
        self::assertSame(201, $crm->lastResponse()?->status);
        self::assertNotNull($crm->lastResponse()?->location);
        self::assertNotNull($crm->quota());

        $cat = $crm->contacts->categories->create(new Model\ContactsCreateCategoryRequest(name: 'VIP ' . $format->value));
        self::assertIsInt($cat->id);
        $names = array_map(static fn ($c) => $c->name, $crm->contacts->categories->list()->categories ?? []);
        self::assertContains('VIP ' . $format->value, $names);

        $crm->contacts->update($id, new Model\ContactsUpdateRecordRequest(jobtitle: 'Engineer', categories: new Model\ContactsUpdateRecordRequestCategories(add: [$cat->id])));
        $shown = $crm->contacts->show($id);
        self::assertSame('Engineer', $shown->item->fields?->jobtitle);
        self::assertSame([$cat->id], array_map(static fn ($c) => $c->id, $shown->categories ?? []));
        self::assertTrue($shown->item->flagged);

        $fields = $crm->contacts->fields->list();
        self::assertNotEmpty($fields->fields);
        $owners = $crm->ownership->list();
        self::assertNotEmpty($owners->users);

        $found = $crm->contacts->list(new Model\ContactsListRecordsParams(searchmode: Enum\Searchmodes::cases()[0], searchvalue: 'Lee'));
        self::assertGreaterThanOrEqual(1, $found->count);

        $company = $crm->companies->create(new Model\CompaniesCreateRecordRequest());
        self::assertSame('success', $crm->companies->show($company->item->id)->status);
        $crm->companies->delete($company->item->id);
        $blog = $crm->projectblogs->create(new Model\ProjectblogsCreateRecordRequest());
        self::assertSame('success', $crm->projectblogs->show($blog->item->id)->status);
        $crm->projectblogs->delete($blog->item->id);
        $ticket = $crm->tickets->create(new Model\TicketsCreateRecordRequest());
        self::assertSame('success', $crm->tickets->show($ticket->item->id)->status);
        $crm->tickets->delete($ticket->item->id);

        $crm->contacts->delete($id);
        try {
            $crm->contacts->show($id);
            self::fail('a deleted contact was shown');
        } catch (NotFoundException $e) {
            self::assertSame(404, $e->status);
            self::assertNotEmpty($e->keys());
        }
    }

    /** @dataProvider formats */
    public function testActivities(Format $format): void
    {
        $crm = self::client($format);
        $contact = $crm->contacts->create(new Model\ContactsCreateRecordRequest(firstname: 'Bob', lastname: 'Stone'));
        $id = $contact->item->id;
        $note = $crm->contacts->activities->note->create(new Model\NoteCreateActivityRequest(parent: $id, data: new Model\NoteCreateActivityRequestData(details: 'first')));
        self::assertInstanceOf(Id\NoteId::class, $note->id);
        $crm->contacts->activities->note->update($note->id, new Model\NoteUpdateActivityRequest(data: new Model\NoteCreateActivityRequestData(details: 'edited')));
        $list = $crm->contacts->activities->tasklist->create(new Model\TasklistCreateActivityRequest(parent: $id, data: new Model\TasklistCreateActivityRequestData(title: 'Plan')));
        $task = $crm->contacts->activities->task->create(new Model\TaskCreateActivityRequest(parent: $list->id, data: new Model\TaskCreateActivityRequestData(title: 'Call back', duedate: new DateTimeImmutable('2030-01-02'))));
        // Reposition, then move the note under another contact.
        $task2 = $crm->contacts->activities->task->create(new Model\TaskCreateActivityRequest(parent: $list->id, data: new Model\TaskCreateActivityRequestData(title: 'Second')));
        $crm->contacts->activities->task->update($task2->id, new Model\TaskUpdateActivityRequest(before: $task->id->value));
        $other = $crm->contacts->create(new Model\ContactsCreateRecordRequest(firstname: 'Cleo'));
        $crm->contacts->activities->note->update($note->id, new Model\NoteUpdateActivityRequest(parent: $other->item->id));

        $shown = $crm->contacts->show($other->item->id);
        $entry = $shown->activities[0] ?? null;
        self::assertNotNull($entry);
        self::assertInstanceOf(Model\NoteFields::class, $entry->fields);
        self::assertSame('edited', $entry->fields->details);
        $tasks = array_values(array_filter($crm->contacts->show($id)->activities ?? [], static fn ($a) => $a->fields instanceof Model\TaskFields));
        self::assertCount(2, $tasks);

        $crm->contacts->activities->task->delete($task->id);
        $crm->contacts->activities->note->delete($note->id);
        try {
            $crm->contacts->activities->note->delete($note->id);
            self::fail('deleted twice');
        } catch (NotFoundException $e) {
            self::assertSame(404, $e->status);
        }
        // A wrong parent is a TypeError before anything is sent.
        try {
            /** @phpstan-ignore-next-line */
            new Model\TaskCreateActivityRequest(parent: $id);
            self::fail('a contact was accepted as the parent of a task');
        } catch (TypeError) {
            self::assertTrue(true);
        }
        // A date the API does not read is refused here.
        try {
            $crm->contacts->activities->task->create(new Model\TaskCreateActivityRequest(parent: $list->id, data: new Model\TaskCreateActivityRequestData(title: 'x', duedate: 'tomorrow')));
            self::fail('a bad date was sent');
        } catch (ValidationException $e) {
            self::assertTrue($e->local);
            self::assertTrue($e->has('invaliddate'));
        }
    }

    /** @dataProvider formats */
    public function testUploads(Format $format): void
    {
        $crm = self::client($format);
        $item = $crm->contacts->create(new Model\ContactsCreateRecordRequest(firstname: 'Up', lastname: 'Loaded'))->item;
        $bytes = "minutes of the {$format->value} meeting";
        $file = $crm->contacts->activities->file->create(
            new Model\FileCreateActivityRequest(parent: $item->id, data: new Model\FileCreateActivityRequestData(caption: 'Minutes', file: new Model\FileCreateActivityRequestDataFile(filename: 'minutes.txt', contenttype: 'text/plain'))),
            ['file' => new Upload($bytes)],
        );
        self::assertSame('minutes.txt', $file->data?->file?->filename);
        self::assertSame(strlen($bytes), $file->data?->file?->size);
        $path = tempnam(sys_get_temp_dir(), 'crmgen-upload-');
        file_put_contents($path, "\x01\x02\x03\x04");
        try {
            $updated = $crm->contacts->activities->file->update($file->id, new Model\FileUpdateActivityRequest(data: new Model\FileCreateActivityRequestData(caption: 'Minutes v2')), ['file' => Upload::fromFile($path, 'application/octet-stream')]);
        } finally {
            unlink($path);
        }
        self::assertSame('success', $updated->status);
        // A file cannot travel in a batch.
        $this->expectException(InvalidArgumentException::class);
        $crm->batch()->add(fn (Client $c) => $c->contacts->activities->file->create(new Model\FileCreateActivityRequest(parent: $item->id), ['file' => new Upload('x')]));
    }

    /** @dataProvider formats */
    public function testReports(Format $format): void
    {
        $crm = self::client($format);
        self::assertSame('success', $crm->reports->nextactions()->status);
        self::assertSame('success', $crm->reports->calendar(new Model\ReportCalendarParams(start: '2020-01-01', end: '2040-01-01'))->status);
        self::assertSame('success', $crm->reports->followups()->status);
        self::assertSame('success', $crm->reports->opportunities()->status);
        self::assertSame('success', $crm->reports->activities(new Model\ReportActivitiesParams(start: '2020-01-01', end: '2040-01-01'))->status);
        self::assertSame('success', $crm->reports->timetracking(new Model\ReportTimetrackingParams(start: '2020-01-01', end: '2040-01-01'))->status);
    }

    /** @dataProvider formats */
    public function testPaginationAndBatch(Format $format): void
    {
        $crm = self::client($format);
        $tag = 'Page' . $format->value . bin2hex(random_bytes(3));
        $batch = $crm->batch();
        $entries = [];
        for ($i = 0; $i < 120; $i++) {
            $entries[] = $batch->add(fn (Client $c) => $c->contacts->create(new Model\ContactsCreateRecordRequest(firstname: "P{$i}", lastname: $tag)));
        }
        $missing = $batch->add(fn (Client $c) => $c->contacts->show(new Id\ContactId(999999)));
        self::assertSame(121, $batch->count());
        $batch->send();
        foreach ($entries as $e) {
            self::assertInstanceOf(Id\ContactId::class, $e->value()->item->id);
        }
        try {
            $missing->value();
            self::fail('a missing contact was shown in the batch');
        } catch (NotFoundException $e) {
            self::assertSame(404, $e->status);
        }
        $seen = [];
        foreach ($crm->contacts->iterate(new Model\ContactsListRecordsParams(searchmode: Enum\Searchmodes::cases()[0], searchvalue: $tag, limit: 50)) as $entry) {
            $seen[] = $entry->id->value;
        }
        self::assertCount(120, array_unique($seen));
    }

    public function testRateLimitRetriedAfterRetryAfter(): void
    {
        $url = getenv('CRM_QUOTA_URL');
        if ($url === false || $url === '') {
            self::markTestSkipped('no CRM_QUOTA_URL');
        }
        $transport = new RecordingTransport();
        $crm = self::client(Format::Xml, $transport, $url);
        for ($i = 0; $i < 8 && !in_array(429, $transport->statuses, true); $i++) {
            $crm->ownership->list();
        }
        self::assertContains(429, $transport->statuses, 'the quota was never reached');
        $at = array_search(429, $transport->statuses, true);
        self::assertSame(200, $transport->statuses[$at + 1] ?? null, 'the 429 was retried');
        // Without retries, the 429 is the exception, with its Retry-After.
        $strict = Client::create($url, (string) getenv('CRM_EMAIL'), (string) getenv('CRM_TOKEN'), retry: new Crmgen\Client\Runtime\Retry(max: 0));
        try {
            for ($i = 0; $i < 8; $i++) {
                $strict->ownership->list();
            }
            self::fail('no 429');
        } catch (RateLimitException $e) {
            self::assertSame(429, $e->status);
            self::assertNotNull($e->retryAfter);
        }
    }

    /** @dataProvider formats */
    public function testWebhooks(Format $format): void
    {
        $receiver = getenv('RECEIVER_URL');
        $dir = getenv('RECEIVER_DIR');
        if (!$receiver || !$dir) {
            self::markTestSkipped('no receiver');
        }
        $crm = self::client($format);
        $secret = 'whsec-' . bin2hex(random_bytes(8));
        $before = count(glob("{$dir}/delivery-*.json") ?: []);
        $hook = $crm->hooks->create(new Model\CreateHookRequest(
            type: Enum\Hooktypes::cases()[0],
            title: 'php ' . $format->value,
            active: true,
            event: Enum\Hookevents::ItemsCreate,
            url: $receiver,
            contenttype: $format === Format::Json ? Enum\Contenttypes::Json : Enum\Contenttypes::Xml,
            secret: $secret,
        ));
        $hookId = (int) $hook->id;
        $crm->hooks->update($hookId, new Model\UpdateHookRequest(title: 'php hook ' . $format->value));
        self::assertNotEmpty($crm->hooks->list()->hooks);
        $crm->contacts->create(new Model\ContactsCreateRecordRequest(firstname: 'Hooked'));
        $delivery = null;
        for ($i = 0; $i < 100 && $delivery === null; $i++) {
            $files = glob("{$dir}/delivery-*.json") ?: [];
            if (count($files) > $before) {
                foreach ($files as $f) {
                    $d = json_decode((string) file_get_contents($f), true);
                    if (is_array($d) && str_contains($d['body'], 'Hooked') && Client::verifyWebhook($d['body'], $d['headers'], $secret) === 'valid') {
                        $delivery = $d;
                    }
                }
            }
            if ($delivery === null) {
                usleep(100_000);
            }
        }
        self::assertNotNull($delivery, 'no verified delivery arrived');
        self::assertSame('invalid', Client::verifyWebhook($delivery['body'] . ' ', $delivery['headers'], $secret));
        $hmacOnly = array_diff_key($delivery['headers'], ['webhook-signature' => 1]);
        self::assertSame('valid', Client::verifyWebhook($delivery['body'], $hmacOnly, $secret));
        self::assertSame('stale', Client::verifyWebhook($delivery['body'], $delivery['headers'], $secret, 300, time() + 3600));
        // The service records the attempt once the receiver has answered: wait for it.
        $deliveries = [];
        for ($i = 0; $i < 100 && $deliveries === []; $i++) {
            $deliveries = $crm->hooks->deliveries($hookId)->deliveries ?? [];
            if ($deliveries === []) {
                usleep(100_000);
            }
        }
        self::assertNotEmpty($deliveries);
        $again = $crm->hooks->redeliver($hookId, (int) $deliveries[0]->id);
        self::assertSame('success', $again->status);
        $crm->hooks->delete($hookId);
    }

    public function testOptionsAndRawResponse(): void
    {
        $crm = self::client(Format::Json);
        $r = $crm->ownership->list(options: new CallOptions(timeoutSeconds: 5.0, headers: ['X-Request-Id' => 'php-test-1']));
        self::assertNotEmpty($r->users);
        self::assertSame(200, $crm->lastResponse()?->status);
        self::assertStringContainsString('json', $crm->lastResponse()?->headers['content-type'] ?? '');
    }
}
