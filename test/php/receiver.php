<?php
// A webhook receiver for the live suite (php -S 127.0.0.1:PORT receiver.php): each delivery's
// headers and body go to a file of RECEIVER_DIR; 200 answers it.
declare(strict_types=1);
$dir = getenv('RECEIVER_DIR') ?: sys_get_temp_dir();
$headers = [];
foreach (getallheaders() as $name => $value) {
    $headers[strtolower($name)] = $value;
}
$n = count(glob("{$dir}/delivery-*.json") ?: []) + 1;
file_put_contents("{$dir}/delivery-{$n}.json.tmp", json_encode(['headers' => $headers, 'body' => file_get_contents('php://input')]));
rename("{$dir}/delivery-{$n}.json.tmp", "{$dir}/delivery-{$n}.json");
http_response_code(200);
