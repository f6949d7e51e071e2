<?php

declare(strict_types=1);

namespace Crmgen\Client\Id;

/** The id of a record of companies: its own type, so an id of another kind or segment is a TypeError. */
final class CompanyId implements
    CallParent,
    MarketingawidgetParent,
    MarketingbwidgetParent,
    EventParent,
    FileParent,
    FollowupParent,
    BillingawidgetParent,
    OnlinedocParent,
    LinkedemailsParent,
    NoteParent,
    OpportunityParent,
    PhotolistParent,
    SeparatorParent,
    ScheduledemailParent,
    TasklistParent,
    TemplateParent,
    WebsiteParent,
    BillingbwidgetParent,
    SupportwidgetParent
{
    public function __construct(public readonly int $value) {}
}
