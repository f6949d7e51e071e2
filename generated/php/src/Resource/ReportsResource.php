<?php

declare(strict_types=1);

namespace Crmgen\Client\Resource;

use Crmgen\Client\Descriptors;
use Crmgen\Client\Runtime\Call;
use Crmgen\Client\Runtime\CallOptions;
use Crmgen\Client\Runtime\Connection;
use Crmgen\Client\Runtime\Pages;

/** Operations of the API: one method each. */
final class ReportsResource
{
    /** @internal made by the client */
    public function __construct(private readonly Connection $c) {}

    /** Report: Tasks, events, milestones. (GET /report/nextactions/) */
    public function nextactions(
        ?\Crmgen\Client\Model\ReportNextactionsParams $params = null,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\ReportNextactionsResponse {
        return $this->c->send(
            new Call(
                'GET',
                '/report/nextactions/',
                queryDesc: Descriptors::get('reportNextactions.params'),
                query: $params?->toWire() ?? [],
                responseDesc: Descriptors::get('reportNextactions.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ReportNextactionsResponse => \Crmgen\Client\Model\ReportNextactionsResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** Report: Tasks, events, milestones. (GET /report/calendar/) */
    public function calendar(
        ?\Crmgen\Client\Model\ReportCalendarParams $params = null,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\ReportCalendarResponse {
        return $this->c->send(
            new Call(
                'GET',
                '/report/calendar/',
                queryDesc: Descriptors::get('reportCalendar.params'),
                query: $params?->toWire() ?? [],
                responseDesc: Descriptors::get('reportCalendar.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ReportCalendarResponse => \Crmgen\Client\Model\ReportCalendarResponse::fromWire($w),
            $options,
        );
    }

    /** Report: Open follow-ups. (GET /report/followups/) */
    public function followups(
        ?\Crmgen\Client\Model\ReportFollowupsParams $params = null,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\ReportFollowupsResponse {
        return $this->c->send(
            new Call(
                'GET',
                '/report/followups/',
                queryDesc: Descriptors::get('reportFollowups.params'),
                query: $params?->toWire() ?? [],
                responseDesc: Descriptors::get('reportFollowups.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ReportFollowupsResponse => \Crmgen\Client\Model\ReportFollowupsResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** Report: Opportunities by user and status. (GET /report/opportunities/) */
    public function opportunities(
        ?\Crmgen\Client\Model\ReportOpportunitiesParams $params = null,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\ReportOpportunitiesResponse {
        return $this->c->send(
            new Call(
                'GET',
                '/report/opportunities/',
                queryDesc: Descriptors::get('reportOpportunities.params'),
                query: $params?->toWire() ?? [],
                responseDesc: Descriptors::get('reportOpportunities.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ReportOpportunitiesResponse => \Crmgen\Client\Model\ReportOpportunitiesResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** Report: Activities created, updated, created or updated, or, for tasks only, completed. (GET /report/activities/) */
    public function activities(
        ?\Crmgen\Client\Model\ReportActivitiesParams $params = null,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\ReportActivitiesResponse {
        return $this->c->send(
            new Call(
                'GET',
                '/report/activities/',
                queryDesc: Descriptors::get('reportActivities.params'),
                query: $params?->toWire() ?? [],
                responseDesc: Descriptors::get('reportActivities.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ReportActivitiesResponse => \Crmgen\Client\Model\ReportActivitiesResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** Report: Time records in a date range. (GET /report/timetracking/) */
    public function timetracking(
        ?\Crmgen\Client\Model\ReportTimetrackingParams $params = null,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\ReportTimetrackingResponse {
        return $this->c->send(
            new Call(
                'GET',
                '/report/timetracking/',
                queryDesc: Descriptors::get('reportTimetracking.params'),
                query: $params?->toWire() ?? [],
                responseDesc: Descriptors::get('reportTimetracking.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ReportTimetrackingResponse => \Crmgen\Client\Model\ReportTimetrackingResponse::fromWire(
                $w,
            ),
            $options,
        );
    }
}
