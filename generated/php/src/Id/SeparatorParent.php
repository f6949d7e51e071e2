<?php

declare(strict_types=1);

namespace Crmgen\Client\Id;

/** An id that may be the parent of a separator activity (implemented by the id classes of its allowed parents). */
interface SeparatorParent {}
