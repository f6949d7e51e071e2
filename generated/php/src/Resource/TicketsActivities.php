<?php

declare(strict_types=1);

namespace Crmgen\Client\Resource;

use Crmgen\Client\Descriptors;
use Crmgen\Client\Runtime\Call;
use Crmgen\Client\Runtime\CallOptions;
use Crmgen\Client\Runtime\Connection;
use Crmgen\Client\Runtime\Pages;

/** Operations of the API: one method each. */
final class TicketsActivities
{
    public readonly AttachmentfileResource $attachmentfile;
    public readonly CallResource $call;
    public readonly CommentResource $comment;
    public readonly MarketingawidgetResource $marketingawidget;
    public readonly MarketingbwidgetResource $marketingbwidget;
    public readonly EventResource $event;
    public readonly FileResource $file;
    public readonly FollowupResource $followup;
    public readonly BillingawidgetResource $billingawidget;
    public readonly OnlinedocResource $onlinedoc;
    public readonly LinkedemailsResource $linkedemails;
    public readonly NoteResource $note;
    public readonly OpportunityResource $opportunity;
    public readonly PhotoResource $photo;
    public readonly PhotolistResource $photolist;
    public readonly SeparatorResource $separator;
    public readonly ScheduledemailResource $scheduledemail;
    public readonly TaskResource $task;
    public readonly TasklistResource $tasklist;
    public readonly TemplateResource $template;
    public readonly TimerecordResource $timerecord;
    public readonly WebsiteResource $website;
    public readonly BillingbwidgetResource $billingbwidget;
    public readonly SupportwidgetResource $supportwidget;

    /** @internal made by the client */
    public function __construct(private readonly Connection $c, string $kind)
    {
        $this->attachmentfile = new AttachmentfileResource($c, $kind);
        $this->call = new CallResource($c, $kind);
        $this->comment = new CommentResource($c, $kind);
        $this->marketingawidget = new MarketingawidgetResource($c, $kind);
        $this->marketingbwidget = new MarketingbwidgetResource($c, $kind);
        $this->event = new EventResource($c, $kind);
        $this->file = new FileResource($c, $kind);
        $this->followup = new FollowupResource($c, $kind);
        $this->billingawidget = new BillingawidgetResource($c, $kind);
        $this->onlinedoc = new OnlinedocResource($c, $kind);
        $this->linkedemails = new LinkedemailsResource($c, $kind);
        $this->note = new NoteResource($c, $kind);
        $this->opportunity = new OpportunityResource($c, $kind);
        $this->photo = new PhotoResource($c, $kind);
        $this->photolist = new PhotolistResource($c, $kind);
        $this->separator = new SeparatorResource($c, $kind);
        $this->scheduledemail = new ScheduledemailResource($c, $kind);
        $this->task = new TaskResource($c, $kind);
        $this->tasklist = new TasklistResource($c, $kind);
        $this->template = new TemplateResource($c, $kind);
        $this->timerecord = new TimerecordResource($c, $kind);
        $this->website = new WebsiteResource($c, $kind);
        $this->billingbwidget = new BillingbwidgetResource($c, $kind);
        $this->supportwidget = new SupportwidgetResource($c, $kind);
    }
}
