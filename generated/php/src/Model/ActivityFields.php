<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

/** The fields of an activity entry, one class per activity type (chosen by its typeid). */
interface ActivityFields extends WireValue {}
