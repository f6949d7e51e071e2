<?php
// The PHP SDK's per-call cost against raw curl to the same `crmgen serve` (bench/php.bench.ts runs
// it): contacts.show of a record with a dozen activities, and a 50-entry list, in XML and JSON. Raw
// curl reuses one handle, sends the same URL, Accept and Authorization, and reads the body as text
// (XML) or json_decode's it (JSON); the SDK also decodes into its typed classes. Rounds interleave
// the cases so machine noise hits all alike. Prints JSON: case -> list of per-call times in ms.
declare(strict_types=1);

spl_autoload_register(static function (string $class): void {
    $prefix = 'Crmgen\\Client\\';
    if (str_starts_with($class, $prefix)) {
        $file = getenv('PHP_SDK_SRC') . '/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});

use Crmgen\Client\Client;
use Crmgen\Client\Model;
use Crmgen\Client\Runtime\Format;

$base = (string) getenv('CRM_URL');
$email = (string) getenv('CRM_EMAIL');
$token = (string) getenv('CRM_TOKEN');
$runs = (int) (getenv('BENCH_RUNS') ?: 15);
$calls = (int) (getenv('BENCH_CALLS') ?: 40);

$xml = Client::create($base, $email, $token);
$json = Client::create($base, $email, $token, Format::Json);
$item = $json->contacts->create(new Model\ContactsCreateRecordRequest(firstname: 'Ann', lastname: 'Lee', businessemail: 'ann.lee@example.com', jobtitle: 'Head of Procurement', businessaddress: '1 High Street, London & Co'))->item;
$acts = $json->contacts->activities;
for ($i = 0; $i < 4; $i++) {
    $acts->note->create(new Model\NoteCreateActivityRequest(parent: $item->id, data: new Model\NoteCreateActivityRequestData(details: "Call {$i}: went <well> & agreed next steps")));
}
$list = $acts->tasklist->create(new Model\TasklistCreateActivityRequest(parent: $item->id, data: new Model\TasklistCreateActivityRequestData(title: 'Onboarding')));
for ($i = 0; $i < 7; $i++) {
    $acts->task->create(new Model\TaskCreateActivityRequest(parent: $list->id, data: new Model\TaskCreateActivityRequestData(title: "Task {$i}", priority: $i % 7, duedate: '2026-12-01')));
}
for ($i = 0; $i < 60; $i++) {
    $json->contacts->create(new Model\ContactsCreateRecordRequest(firstname: "F{$i}", lastname: 'Listed', businessemail: "f{$i}@example.com"));
}

$show = "/contacts/{$item->id->value}/";
$page = '/contacts/?limit=50';
$h = curl_init();
$raw = static function (string $path, string $accept) use ($h, $base, $email, $token): string {
    curl_setopt_array($h, [
        CURLOPT_URL => $base . $path,
        CURLOPT_HTTPHEADER => ["accept: {$accept}", 'authorization: Basic ' . base64_encode("{$email}:{$token}")],
        CURLOPT_RETURNTRANSFER => true,
    ]);
    return (string) curl_exec($h);
};
$params = new Model\ContactsListRecordsParams(limit: 50);
// Sanity: every case reads the same data.
if (count($xml->contacts->show($item->id)->activities ?? []) !== 12 || count($json->contacts->list($params)->entries ?? []) !== 50 || !str_contains($raw($show, 'application/xml'), "<id>{$item->id->value}</id>")) {
    fwrite(STDERR, "the cases do not read the same data\n");
    exit(1);
}

$cases = [
    'show xml: sdk' => static fn () => $xml->contacts->show($item->id),
    'show xml: raw curl' => static fn () => $raw($show, 'application/xml'),
    'show json: sdk' => static fn () => $json->contacts->show($item->id),
    'show json: raw curl' => static fn () => json_decode($raw($show, 'application/json'), true),
    'list 50 xml: sdk' => static fn () => $xml->contacts->list($params),
    'list 50 xml: raw curl' => static fn () => $raw($page, 'application/xml'),
    'list 50 json: sdk' => static fn () => $json->contacts->list($params),
    'list 50 json: raw curl' => static fn () => json_decode($raw($page, 'application/json'), true),
];
$samples = array_fill_keys(array_keys($cases), []);
foreach ($cases as $run) {
    $run();
}
for ($r = 0; $r < $runs; $r++) {
    foreach ($cases as $name => $run) {
        $t = hrtime(true);
        for ($i = 0; $i < $calls; $i++) {
            $run();
        }
        $samples[$name][] = (hrtime(true) - $t) / 1e6 / $calls;
    }
}
echo json_encode($samples), "\n";
