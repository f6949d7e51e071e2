<?php

declare(strict_types=1);

namespace Crmgen\Client\Id;

/** An id that may be the parent of a opportunity activity (implemented by the id classes of its allowed parents). */
interface OpportunityParent {}
