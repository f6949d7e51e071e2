<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** 404: no such record, activity or hook in this account. */
class NotFoundException extends ServiceException
{
}
