<?php

declare(strict_types=1);

namespace Crmgen\Client;

use Crmgen\Client\Runtime\ApiConfig;

/** The API facts of the spec the runtime works with. */
final class Api
{
    /** How a DateTimeInterface is written (the spec's YYYY-MM-DDThh:mm:ss+00:00). */
    public const DATE_FORMAT = 'Y-m-d\\TH:i:sP';
    public const VERSION = '3.0.0';

    public static function config(): ApiConfig
    {
        return new ApiConfig(
            requestRoot: 'request',
            responseRoot: 'response',
            contentTypes: ['xml' => 'application/xml', 'json' => 'application/json'],
            quotaHeader: 'Http-X-Service-Api-Call-Limit',
            signatureHeader: 'X-Service-Hmac-Sha256',
            errorDesc: Descriptors::get('error.response'),
            xmlLimits: ['maxBytes' => 10485760, 'maxDepth' => 32, 'maxElements' => 100000],
            batch: [
                'path' => '/batch',
                'method' => 'POST',
                'maxParts' => 100,
                'contentType' => 'multipart/mixed',
                'partContentType' => 'application/http',
            ],
            datePatterns: [
                'd' =>
                    '^[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-9]))$',
                'dt' =>
                    '^[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-9]))T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]\\+00:00$',
                'dd' =>
                    '^[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-9]))(?:T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]\\+00:00)?$',
            ],
            dateFormat: self::DATE_FORMAT,
        );
    }
}
