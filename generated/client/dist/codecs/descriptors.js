const S_TEXT = { k: 's', s: 't' };
const S_INT = { k: 's', s: 'i' };
const S_DEC = { k: 's', s: 'n' };
const S_FLAG = { k: 's', s: 'f' };
const S_FLAG_EMPTY = { k: 's', s: 'F' };
const S_DATE = { k: 's', s: 'd' };
const S_DATETIME = { k: 's', s: 'dt' };
const S_DATE_OR_DATETIME = { k: 's', s: 'dd' };
const S_INT_LIST = { k: 's', s: 'il' };
const S_TEXT_LIST = { k: 's', s: 'sl' };
const S_OWNER_FILTER = { k: 's', s: 'of' };
const categoryTag = { k: 'o', f: { id: S_INT, name: S_TEXT } };
const listEntryContact = {
    k: 'o',
    f: {
        id: S_INT,
        name: S_TEXT,
        parentid: S_INT,
        flagged: S_FLAG_EMPTY,
        firstname: S_TEXT,
        lastname: S_TEXT,
        businessemail: S_TEXT,
        personalemail: S_TEXT,
        businessphonedirect: S_TEXT,
        businessphonemain: S_TEXT,
        homephone: S_TEXT,
        cellularphone: S_TEXT,
        businessfax: S_TEXT,
        businessaddress: S_TEXT,
        jobtitle: S_TEXT,
        background: S_TEXT,
        website: S_TEXT,
        assignedto: S_INT,
        company: S_TEXT,
        created: S_DATETIME,
        viewed: S_DATETIME,
        updated: S_DATETIME,
        categories: { k: 'l', e: 'category', of: categoryTag },
    },
    c: '^custom[0-9]+$',
};
const listEntryOrganization = {
    k: 'o',
    f: {
        id: S_INT,
        name: S_TEXT,
        parentid: S_INT,
        flagged: S_FLAG_EMPTY,
        businessemail: S_TEXT,
        businessphonemain: S_TEXT,
        businessfax: S_TEXT,
        businessaddress: S_TEXT,
        website: S_TEXT,
        background: S_TEXT,
        assignedto: S_INT,
        company: S_TEXT,
        created: S_DATETIME,
        viewed: S_DATETIME,
        updated: S_DATETIME,
        categories: { k: 'l', e: 'category', of: categoryTag },
    },
    c: '^custom[0-9]+$',
};
const relatedItemAdd = { k: 'o', f: { id: S_INT, note: S_TEXT } };
const contactItemFields = {
    k: 'o',
    f: {
        firstname: S_TEXT,
        lastname: S_TEXT,
        businessemail: S_TEXT,
        personalemail: S_TEXT,
        businessphonedirect: S_TEXT,
        businessphonemain: S_TEXT,
        homephone: S_TEXT,
        cellularphone: S_TEXT,
        businessfax: S_TEXT,
        businessaddress: S_TEXT,
        jobtitle: S_TEXT,
        background: S_TEXT,
        website: S_TEXT,
        assignedto: S_INT,
        creatorid: S_INT,
        creatorname: S_TEXT,
        creatordate: S_INT,
        modificatorid: S_INT,
        modificatorname: S_TEXT,
        modificatordate: S_INT,
    },
    c: '^custom[0-9]+$',
    lb: {
        firstname: 'First name',
        lastname: 'Last name',
        businessemail: 'Business e-mail',
        personalemail: 'Personal e-mail',
        businessphonedirect: 'Business phone (direct)',
        businessphonemain: 'Business phone (main)',
        homephone: 'Home phone',
        cellularphone: 'Cellular phone',
        businessfax: 'Business fax',
        businessaddress: 'Business address',
        jobtitle: 'Job title',
        background: 'Background',
        website: 'Website',
        assignedto: 'Assigned to',
    },
};
const itemContact = {
    k: 'o',
    f: {
        id: S_INT,
        name: S_TEXT,
        typeid: S_INT,
        created: S_DATETIME,
        viewed: S_DATETIME,
        updated: S_DATETIME,
        ownership: S_INT,
        flagged: S_FLAG_EMPTY,
        fields: contactItemFields,
    },
};
const upload = { k: 'o', f: { filename: S_TEXT, contenttype: S_TEXT, size: S_INT } };
const attachmentfileFields = { k: 'o', f: { file: upload } };
const callFields = { k: 'o', f: { details: S_TEXT, dateoccured: S_DATETIME, duration: S_INT } };
const commentFields = { k: 'o', f: { posttext: S_TEXT } };
const marketingawidgetFields = { k: 'o', f: { contactid: S_INT } };
const marketingbwidgetFields = { k: 'o', f: {} };
const eventFields = {
    k: 'o',
    f: {
        title: S_TEXT,
        details: S_TEXT,
        completed: S_FLAG,
        timestart: S_DATE_OR_DATETIME,
        timeend: S_DATE_OR_DATETIME,
        location: S_TEXT,
        eventtype: S_TEXT,
        priority: S_INT,
        noticenow: S_FLAG,
        remindtime: S_FLAG,
        attendees: S_INT_LIST,
        externalattendees: S_TEXT_LIST,
        repeats: S_TEXT,
        repeatevery: S_INT,
        repeatuntil: S_DATE,
        repeatinterval: S_INT_LIST,
    },
};
const fileFields = { k: 'o', f: { caption: S_TEXT, file: upload } };
const followupFields = {
    k: 'o',
    f: {
        details: S_TEXT,
        assignedto: S_INT,
        nodate: S_FLAG,
        duedate: S_DATE,
        completed: S_FLAG,
        sendnotification: S_FLAG,
        remindtime: S_INT,
    },
};
const billingawidgetFields = { k: 'o', f: { clientid: S_INT } };
const onlinedocFields = { k: 'o', f: { title: S_TEXT, url: S_TEXT } };
const linkedemailsFields = { k: 'o', f: { fields: S_TEXT_LIST, keywords: S_TEXT_LIST, exceptions: S_TEXT_LIST } };
const noteFields = { k: 'o', f: { details: S_TEXT } };
const opportunityFields = {
    k: 'o',
    f: {
        description: S_TEXT,
        valueunit: S_DEC,
        valuecurrency: S_TEXT,
        valueinterval: S_TEXT,
        valueduration: S_INT,
        stage: S_INT,
        probability: S_INT,
        closingdate: S_DATE,
        responsible: S_INT,
        status: S_TEXT,
    },
};
const photoFields = { k: 'o', f: { caption: S_TEXT, file: upload } };
const photolistFields = { k: 'o', f: { title: S_TEXT } };
const separatorFields = { k: 'o', f: { title: S_TEXT, hidesiblings: S_FLAG } };
const scheduledemailFields = {
    k: 'o',
    f: {
        to: S_TEXT_LIST,
        cc: S_TEXT_LIST,
        bcc: S_TEXT_LIST,
        from: S_TEXT,
        subject: S_TEXT,
        priority: S_INT,
        body: S_TEXT,
        scheduledtime: S_DATE,
    },
};
const taskFields = {
    k: 'o',
    f: {
        title: S_TEXT,
        details: S_TEXT,
        assignedto: S_INT,
        nodate: S_FLAG,
        duedate: S_DATE,
        completed: S_FLAG,
        sendnotification: S_FLAG,
        remindtime: S_INT,
        priority: S_INT,
        billed: S_FLAG,
        ignoreweekends: S_FLAG,
        timespent: S_INT,
        timespentmeasure: S_TEXT,
        timeremains: S_INT,
        timeremainsmeasure: S_TEXT,
        invoiced: S_TEXT,
        notifyoncomplete: S_TEXT_LIST,
    },
};
const tasklistFields = {
    k: 'o',
    f: { title: S_TEXT, description: S_TEXT, nodate: S_FLAG, milestonedate: S_DATE, completed: S_FLAG },
};
const templateFields = { k: 'o', f: { templateid: S_INT } };
const timerecordFields = {
    k: 'o',
    f: { date: S_DATE, person: S_INT, hours: S_DEC, billable: S_FLAG, details: S_TEXT, invoiced: S_TEXT },
};
const websiteFields = { k: 'o', f: { caption: S_TEXT, url: S_TEXT } };
const billingbwidgetFields = { k: 'o', f: { contactid: S_INT } };
const supportwidgetFields = { k: 'o', f: { userid: S_INT } };
const activityEntry = {
    k: 'o',
    f: {
        level: S_INT,
        cn: S_TEXT,
        created: S_DATETIME,
        viewed: S_DATETIME,
        updated: S_DATETIME,
        flagged: S_FLAG,
        typeid: S_INT,
        parent: S_INT,
        creatorid: S_INT,
        creatorname: S_TEXT,
        position: S_INT,
        fields: { k: 'm', of: S_TEXT },
        modificatorid: S_INT,
        modificatorname: S_TEXT,
        id: S_INT,
    },
    sel: {
        on: 'typeid',
        f: 'fields',
        cases: {
            55: attachmentfileFields,
            73: callFields,
            91: commentFields,
            29: marketingawidgetFields,
            39: marketingbwidgetFields,
            4: eventFields,
            5: eventFields,
            23: fileFields,
            6: followupFields,
            27: billingawidgetFields,
            37: onlinedocFields,
            90: linkedemailsFields,
            3: noteFields,
            32: opportunityFields,
            24: photoFields,
            31: photolistFields,
            57: separatorFields,
            88: scheduledemailFields,
            14: taskFields,
            22: tasklistFields,
            51: templateFields,
            15: timerecordFields,
            7: websiteFields,
            96: billingbwidgetFields,
            97: supportwidgetFields,
        },
    },
};
const relatedItem = { k: 'o', f: { id: S_INT, typeid: S_INT, name: S_TEXT, note: S_TEXT } };
const organizationItemFields = {
    k: 'o',
    f: {
        name: S_TEXT,
        businessemail: S_TEXT,
        businessphonemain: S_TEXT,
        businessfax: S_TEXT,
        businessaddress: S_TEXT,
        website: S_TEXT,
        background: S_TEXT,
        assignedto: S_INT,
        creatorid: S_INT,
        creatorname: S_TEXT,
        creatordate: S_INT,
        modificatorid: S_INT,
        modificatorname: S_TEXT,
        modificatordate: S_INT,
    },
    c: '^custom[0-9]+$',
    lb: {
        name: 'Name',
        businessemail: 'Business e-mail',
        businessphonemain: 'Business phone (main)',
        businessfax: 'Business fax',
        businessaddress: 'Business address',
        website: 'Website',
        background: 'Background',
        assignedto: 'Assigned to',
    },
};
const itemOrganization = {
    k: 'o',
    f: {
        id: S_INT,
        name: S_TEXT,
        typeid: S_INT,
        created: S_DATETIME,
        viewed: S_DATETIME,
        updated: S_DATETIME,
        ownership: S_INT,
        flagged: S_FLAG_EMPTY,
        fields: organizationItemFields,
    },
};
const categoryChanges = {
    k: 'o',
    f: { add: { k: 'l', e: 'category', of: S_INT }, remove: { k: 'l', e: 'category', of: S_INT } },
};
const relatedItemRemove = { k: 'o', f: { id: S_INT } };
const fieldDefinition = {
    k: 'o',
    f: {
        id: S_INT,
        name: S_TEXT,
        label: S_TEXT,
        type: S_TEXT,
        options: { k: 'l', e: 'option', of: S_TEXT },
        categories: { k: 'l', e: 'category', of: S_INT },
    },
};
const user = {
    k: 'o',
    f: {
        id: S_INT,
        name: S_TEXT,
        email: S_TEXT,
        preventlogin: S_FLAG,
        preventprivatedata: S_FLAG,
        administrator: S_FLAG,
    },
};
const group = { k: 'o', f: { id: S_INT, name: S_TEXT, email: S_TEXT } };
const hookCreate = {
    k: 'o',
    f: {
        type: S_TEXT,
        title: S_TEXT,
        active: S_FLAG,
        event: S_TEXT,
        constrainttype: S_TEXT,
        url: S_TEXT,
        contenttype: S_TEXT,
        secret: S_TEXT,
    },
};
const hookUpdate = {
    k: 'o',
    f: {
        type: S_TEXT,
        title: S_TEXT,
        active: S_FLAG,
        event: S_TEXT,
        constrainttype: S_TEXT,
        url: S_TEXT,
        contenttype: S_TEXT,
        secret: S_TEXT,
    },
};
const hook = {
    k: 'o',
    f: {
        id: S_INT,
        type: S_TEXT,
        title: S_TEXT,
        active: S_FLAG,
        event: S_TEXT,
        constrainttype: S_TEXT,
        url: S_TEXT,
        contenttype: S_TEXT,
        secret: S_TEXT,
        disabledreason: S_TEXT,
    },
};
const hookDelivery = {
    k: 'o',
    f: {
        id: S_INT,
        webhookid: S_TEXT,
        event: S_TEXT,
        objectid: S_INT,
        attempt: S_INT,
        attempted: S_DATETIME,
        outcome: S_TEXT,
        httpstatus: S_INT,
        error: S_TEXT,
        duration: S_INT,
        nextretry: S_DATETIME,
    },
};
const anyItemFields = {
    k: 'o',
    f: {
        firstname: S_TEXT,
        lastname: S_TEXT,
        businessemail: S_TEXT,
        personalemail: S_TEXT,
        businessphonedirect: S_TEXT,
        businessphonemain: S_TEXT,
        homephone: S_TEXT,
        cellularphone: S_TEXT,
        businessfax: S_TEXT,
        businessaddress: S_TEXT,
        jobtitle: S_TEXT,
        background: S_TEXT,
        website: S_TEXT,
        assignedto: S_INT,
        name: S_TEXT,
        creatorid: S_INT,
        creatorname: S_TEXT,
        creatordate: S_INT,
        modificatorid: S_INT,
        modificatorname: S_TEXT,
        modificatordate: S_INT,
    },
    c: '^custom[0-9]+$',
    lb: {
        firstname: 'First name',
        lastname: 'Last name',
        businessemail: 'Business e-mail',
        personalemail: 'Personal e-mail',
        businessphonedirect: 'Business phone (direct)',
        businessphonemain: 'Business phone (main)',
        homephone: 'Home phone',
        cellularphone: 'Cellular phone',
        businessfax: 'Business fax',
        businessaddress: 'Business address',
        jobtitle: 'Job title',
        background: 'Background',
        website: 'Website',
        assignedto: 'Assigned to',
        name: 'Name',
    },
};
const reportItem = { k: 'o', f: { id: S_INT, name: S_TEXT, typeid: S_INT, fields: anyItemFields } };
const reportAction = {
    k: 'o',
    f: {
        id: S_INT,
        type: S_INT,
        itemid: S_INT,
        itemtype: S_INT,
        itemname: S_TEXT,
        owner: S_INT,
        created: S_DATETIME,
        title: S_TEXT,
        date: S_DATETIME,
        assignedto: S_INT,
        priority: S_INT,
        completed: S_FLAG,
        item: reportItem,
    },
};
const reportFollowup = {
    k: 'o',
    f: {
        id: S_INT,
        type: S_INT,
        itemid: S_INT,
        itemtype: S_INT,
        itemname: S_TEXT,
        owner: S_INT,
        created: S_DATETIME,
        details: S_TEXT,
        assignedto: S_INT,
        nodate: S_FLAG,
        duedate: S_DATETIME,
        item: reportItem,
    },
};
const reportOpportunity = {
    k: 'o',
    f: {
        id: S_INT,
        type: S_INT,
        itemid: S_INT,
        itemtype: S_INT,
        itemname: S_TEXT,
        owner: S_INT,
        created: S_DATETIME,
        description: S_TEXT,
        valueunit: S_DEC,
        valuecurrency: S_TEXT,
        valueinterval: S_TEXT,
        valueduration: S_INT,
        stage: S_INT,
        probability: S_INT,
        closingdate: S_DATETIME,
        responsible: S_INT,
        status: S_TEXT,
        item: reportItem,
    },
};
const reportActivity = {
    k: 'o',
    f: {
        id: S_INT,
        type: S_INT,
        itemid: S_INT,
        itemtype: S_INT,
        itemname: S_TEXT,
        owner: S_INT,
        created: S_DATETIME,
        updated: S_DATETIME,
        title: S_TEXT,
        completed: S_FLAG,
        item: reportItem,
    },
};
const reportTimeRecord = {
    k: 'o',
    f: {
        id: S_INT,
        type: S_INT,
        itemid: S_INT,
        itemtype: S_INT,
        tasklistid: S_INT,
        taskid: S_INT,
        owner: S_INT,
        created: S_DATETIME,
        billable: S_FLAG,
        person: S_INT,
        hours: S_DEC,
        date: S_DATETIME,
        invoiced: S_TEXT,
        details: S_TEXT,
        itemname: S_TEXT,
        tasklistname: S_TEXT,
        taskname: S_TEXT,
        item: reportItem,
    },
};
const item = {
    k: 'o',
    f: {
        id: S_INT,
        name: S_TEXT,
        typeid: S_INT,
        created: S_DATETIME,
        viewed: S_DATETIME,
        updated: S_DATETIME,
        ownership: S_INT,
        flagged: S_FLAG_EMPTY,
        fields: anyItemFields,
    },
};
const itemNotificationContent = {
    k: 'o',
    f: {
        item: item,
        activities: { k: 'y', p: 'id', as: 'activities', of: activityEntry },
        categories: { k: 'l', e: 'category', of: categoryTag },
        relateditems: { k: 'l', e: 'relatedto', of: relatedItem },
    },
};
const activityNotificationContent = {
    k: 'o',
    f: {
        id: S_INT,
        name: S_TEXT,
        typeid: S_INT,
        item: S_INT,
        parent: S_INT,
        level: S_INT,
        position: S_INT,
        created: S_DATETIME,
        updated: S_DATETIME,
        creatorid: S_INT,
        creatorname: S_TEXT,
        fields: { k: 'm', of: S_TEXT },
    },
    sel: {
        on: 'typeid',
        f: 'fields',
        cases: {
            55: attachmentfileFields,
            73: callFields,
            91: commentFields,
            29: marketingawidgetFields,
            39: marketingbwidgetFields,
            4: eventFields,
            5: eventFields,
            23: fileFields,
            6: followupFields,
            27: billingawidgetFields,
            37: onlinedocFields,
            90: linkedemailsFields,
            3: noteFields,
            32: opportunityFields,
            24: photoFields,
            31: photolistFields,
            57: separatorFields,
            88: scheduledemailFields,
            14: taskFields,
            22: tasklistFields,
            51: templateFields,
            15: timerecordFields,
            7: websiteFields,
            96: billingbwidgetFields,
            97: supportwidgetFields,
        },
    },
};
/** Wire shape of every message, by target (the JSON Schema id of the same message). */
export const descriptors = {
    'records/contacts.listRecords.params': {
        k: 'o',
        f: {
            layout: S_INT,
            fieldslist: S_TEXT_LIST,
            categories: S_FLAG,
            filtermode: S_TEXT,
            filtervalue: S_TEXT,
            special: S_TEXT,
            searchmode: S_TEXT,
            searchvalue: S_TEXT,
            limit: S_INT,
            start: S_INT,
            sortfield: S_TEXT,
            sortdir: S_TEXT,
        },
    },
    'records/companies.listRecords.params': {
        k: 'o',
        f: {
            layout: S_INT,
            fieldslist: S_TEXT_LIST,
            categories: S_FLAG,
            filtermode: S_TEXT,
            filtervalue: S_TEXT,
            special: S_TEXT,
            searchmode: S_TEXT,
            searchvalue: S_TEXT,
            limit: S_INT,
            start: S_INT,
            sortfield: S_TEXT,
            sortdir: S_TEXT,
        },
    },
    'records/projectblogs.listRecords.params': {
        k: 'o',
        f: {
            layout: S_INT,
            fieldslist: S_TEXT_LIST,
            categories: S_FLAG,
            filtermode: S_TEXT,
            filtervalue: S_TEXT,
            special: S_TEXT,
            searchmode: S_TEXT,
            searchvalue: S_TEXT,
            limit: S_INT,
            start: S_INT,
            sortfield: S_TEXT,
            sortdir: S_TEXT,
        },
    },
    'records/tickets.listRecords.params': {
        k: 'o',
        f: {
            layout: S_INT,
            fieldslist: S_TEXT_LIST,
            categories: S_FLAG,
            filtermode: S_TEXT,
            filtervalue: S_TEXT,
            special: S_TEXT,
            searchmode: S_TEXT,
            searchvalue: S_TEXT,
            limit: S_INT,
            start: S_INT,
            sortfield: S_TEXT,
            sortdir: S_TEXT,
        },
    },
    'records/contacts.listRecords.response': {
        k: 'o',
        f: { entries: S_TEXT, count: S_INT, status: S_TEXT },
        inl: { p: 'id', as: 'entries', of: listEntryContact },
    },
    'records/companies.listRecords.response': {
        k: 'o',
        f: { entries: S_TEXT, count: S_INT, status: S_TEXT },
        inl: { p: 'id', as: 'entries', of: listEntryOrganization },
    },
    'records/projectblogs.listRecords.response': {
        k: 'o',
        f: { entries: S_TEXT, count: S_INT, status: S_TEXT },
        inl: { p: 'id', as: 'entries', of: listEntryOrganization },
    },
    'records/tickets.listRecords.response': {
        k: 'o',
        f: { entries: S_TEXT, count: S_INT, status: S_TEXT },
        inl: { p: 'id', as: 'entries', of: listEntryOrganization },
    },
    'records/contacts.createRecord.request': {
        k: 'o',
        f: {
            firstname: S_TEXT,
            lastname: S_TEXT,
            businessemail: S_TEXT,
            personalemail: S_TEXT,
            businessphonedirect: S_TEXT,
            businessphonemain: S_TEXT,
            homephone: S_TEXT,
            cellularphone: S_TEXT,
            businessfax: S_TEXT,
            businessaddress: S_TEXT,
            jobtitle: S_TEXT,
            background: S_TEXT,
            website: S_TEXT,
            assignedto: S_INT,
            ownership: S_INT,
            categories: { k: 'o', f: { add: { k: 'l', e: 'category', of: S_INT } } },
            relateditems: { k: 'o', f: { add: { k: 'l', e: 'relatedto', of: relatedItemAdd } } },
        },
        c: '^custom[0-9]+$',
    },
    'records/companies.createRecord.request': {
        k: 'o',
        f: {
            name: S_TEXT,
            businessemail: S_TEXT,
            businessphonemain: S_TEXT,
            businessfax: S_TEXT,
            businessaddress: S_TEXT,
            website: S_TEXT,
            background: S_TEXT,
            assignedto: S_INT,
            ownership: S_INT,
            categories: { k: 'o', f: { add: { k: 'l', e: 'category', of: S_INT } } },
            relateditems: { k: 'o', f: { add: { k: 'l', e: 'relatedto', of: relatedItemAdd } } },
        },
        c: '^custom[0-9]+$',
    },
    'records/projectblogs.createRecord.request': {
        k: 'o',
        f: {
            name: S_TEXT,
            businessemail: S_TEXT,
            businessphonemain: S_TEXT,
            businessfax: S_TEXT,
            businessaddress: S_TEXT,
            website: S_TEXT,
            background: S_TEXT,
            assignedto: S_INT,
            ownership: S_INT,
            categories: { k: 'o', f: { add: { k: 'l', e: 'category', of: S_INT } } },
            relateditems: { k: 'o', f: { add: { k: 'l', e: 'relatedto', of: relatedItemAdd } } },
        },
        c: '^custom[0-9]+$',
    },
    'records/tickets.createRecord.request': {
        k: 'o',
        f: {
            name: S_TEXT,
            businessemail: S_TEXT,
            businessphonemain: S_TEXT,
            businessfax: S_TEXT,
            businessaddress: S_TEXT,
            website: S_TEXT,
            background: S_TEXT,
            assignedto: S_INT,
            ownership: S_INT,
            categories: { k: 'o', f: { add: { k: 'l', e: 'category', of: S_INT } } },
            relateditems: { k: 'o', f: { add: { k: 'l', e: 'relatedto', of: relatedItemAdd } } },
        },
        c: '^custom[0-9]+$',
    },
    'records/contacts.createRecord.response': {
        k: 'o',
        f: {
            item: itemContact,
            activities: { k: 'y', p: 'id', as: 'activities', of: activityEntry },
            categories: { k: 'l', e: 'category', of: categoryTag },
            relateditems: { k: 'l', e: 'relatedto', of: relatedItem },
            status: S_TEXT,
        },
    },
    'records/companies.createRecord.response': {
        k: 'o',
        f: {
            item: itemOrganization,
            activities: { k: 'y', p: 'id', as: 'activities', of: activityEntry },
            categories: { k: 'l', e: 'category', of: categoryTag },
            relateditems: { k: 'l', e: 'relatedto', of: relatedItem },
            status: S_TEXT,
        },
    },
    'records/projectblogs.createRecord.response': {
        k: 'o',
        f: {
            item: itemOrganization,
            activities: { k: 'y', p: 'id', as: 'activities', of: activityEntry },
            categories: { k: 'l', e: 'category', of: categoryTag },
            relateditems: { k: 'l', e: 'relatedto', of: relatedItem },
            status: S_TEXT,
        },
    },
    'records/tickets.createRecord.response': {
        k: 'o',
        f: {
            item: itemOrganization,
            activities: { k: 'y', p: 'id', as: 'activities', of: activityEntry },
            categories: { k: 'l', e: 'category', of: categoryTag },
            relateditems: { k: 'l', e: 'relatedto', of: relatedItem },
            status: S_TEXT,
        },
    },
    'records/contacts.showRecord.response': {
        k: 'o',
        f: {
            item: itemContact,
            activities: { k: 'y', p: 'id', as: 'activities', of: activityEntry },
            categories: { k: 'l', e: 'category', of: categoryTag },
            relateditems: { k: 'l', e: 'relatedto', of: relatedItem },
            status: S_TEXT,
        },
    },
    'records/companies.showRecord.response': {
        k: 'o',
        f: {
            item: itemOrganization,
            activities: { k: 'y', p: 'id', as: 'activities', of: activityEntry },
            categories: { k: 'l', e: 'category', of: categoryTag },
            relateditems: { k: 'l', e: 'relatedto', of: relatedItem },
            status: S_TEXT,
        },
    },
    'records/projectblogs.showRecord.response': {
        k: 'o',
        f: {
            item: itemOrganization,
            activities: { k: 'y', p: 'id', as: 'activities', of: activityEntry },
            categories: { k: 'l', e: 'category', of: categoryTag },
            relateditems: { k: 'l', e: 'relatedto', of: relatedItem },
            status: S_TEXT,
        },
    },
    'records/tickets.showRecord.response': {
        k: 'o',
        f: {
            item: itemOrganization,
            activities: { k: 'y', p: 'id', as: 'activities', of: activityEntry },
            categories: { k: 'l', e: 'category', of: categoryTag },
            relateditems: { k: 'l', e: 'relatedto', of: relatedItem },
            status: S_TEXT,
        },
    },
    'records/contacts.updateRecord.request': {
        k: 'o',
        f: {
            firstname: S_TEXT,
            lastname: S_TEXT,
            businessemail: S_TEXT,
            personalemail: S_TEXT,
            businessphonedirect: S_TEXT,
            businessphonemain: S_TEXT,
            homephone: S_TEXT,
            cellularphone: S_TEXT,
            businessfax: S_TEXT,
            businessaddress: S_TEXT,
            jobtitle: S_TEXT,
            background: S_TEXT,
            website: S_TEXT,
            assignedto: S_INT,
            ownership: S_INT,
            categories: categoryChanges,
            relateditems: {
                k: 'o',
                f: {
                    add: { k: 'l', e: 'relatedto', of: relatedItemAdd },
                    remove: { k: 'l', e: 'relatedto', of: relatedItemRemove },
                },
            },
        },
        c: '^custom[0-9]+$',
    },
    'records/companies.updateRecord.request': {
        k: 'o',
        f: {
            name: S_TEXT,
            businessemail: S_TEXT,
            businessphonemain: S_TEXT,
            businessfax: S_TEXT,
            businessaddress: S_TEXT,
            website: S_TEXT,
            background: S_TEXT,
            assignedto: S_INT,
            ownership: S_INT,
            categories: categoryChanges,
            relateditems: {
                k: 'o',
                f: {
                    add: { k: 'l', e: 'relatedto', of: relatedItemAdd },
                    remove: { k: 'l', e: 'relatedto', of: relatedItemRemove },
                },
            },
        },
        c: '^custom[0-9]+$',
    },
    'records/projectblogs.updateRecord.request': {
        k: 'o',
        f: {
            name: S_TEXT,
            businessemail: S_TEXT,
            businessphonemain: S_TEXT,
            businessfax: S_TEXT,
            businessaddress: S_TEXT,
            website: S_TEXT,
            background: S_TEXT,
            assignedto: S_INT,
            ownership: S_INT,
            categories: categoryChanges,
            relateditems: {
                k: 'o',
                f: {
                    add: { k: 'l', e: 'relatedto', of: relatedItemAdd },
                    remove: { k: 'l', e: 'relatedto', of: relatedItemRemove },
                },
            },
        },
        c: '^custom[0-9]+$',
    },
    'records/tickets.updateRecord.request': {
        k: 'o',
        f: {
            name: S_TEXT,
            businessemail: S_TEXT,
            businessphonemain: S_TEXT,
            businessfax: S_TEXT,
            businessaddress: S_TEXT,
            website: S_TEXT,
            background: S_TEXT,
            assignedto: S_INT,
            ownership: S_INT,
            categories: categoryChanges,
            relateditems: {
                k: 'o',
                f: {
                    add: { k: 'l', e: 'relatedto', of: relatedItemAdd },
                    remove: { k: 'l', e: 'relatedto', of: relatedItemRemove },
                },
            },
        },
        c: '^custom[0-9]+$',
    },
    'records/contacts.updateRecord.response': { k: 'o', f: { status: S_TEXT } },
    'records/companies.updateRecord.response': { k: 'o', f: { status: S_TEXT } },
    'records/projectblogs.updateRecord.response': { k: 'o', f: { status: S_TEXT } },
    'records/tickets.updateRecord.response': { k: 'o', f: { status: S_TEXT } },
    'records/contacts.deleteRecord.response': { k: 'o', f: { status: S_TEXT } },
    'records/companies.deleteRecord.response': { k: 'o', f: { status: S_TEXT } },
    'records/projectblogs.deleteRecord.response': { k: 'o', f: { status: S_TEXT } },
    'records/tickets.deleteRecord.response': { k: 'o', f: { status: S_TEXT } },
    'records/contacts.createCategory.request': { k: 'o', f: { name: S_TEXT } },
    'records/companies.createCategory.request': { k: 'o', f: { name: S_TEXT } },
    'records/projectblogs.createCategory.request': { k: 'o', f: { name: S_TEXT } },
    'records/tickets.createCategory.request': { k: 'o', f: { name: S_TEXT } },
    'records/contacts.createCategory.response': { k: 'o', f: { id: S_INT, status: S_TEXT } },
    'records/companies.createCategory.response': { k: 'o', f: { id: S_INT, status: S_TEXT } },
    'records/projectblogs.createCategory.response': { k: 'o', f: { id: S_INT, status: S_TEXT } },
    'records/tickets.createCategory.response': { k: 'o', f: { id: S_INT, status: S_TEXT } },
    'records/contacts.listCategories.response': {
        k: 'o',
        f: { categories: { k: 'l', e: 'category', of: categoryTag }, status: S_TEXT },
    },
    'records/companies.listCategories.response': {
        k: 'o',
        f: { categories: { k: 'l', e: 'category', of: categoryTag }, status: S_TEXT },
    },
    'records/projectblogs.listCategories.response': {
        k: 'o',
        f: { categories: { k: 'l', e: 'category', of: categoryTag }, status: S_TEXT },
    },
    'records/tickets.listCategories.response': {
        k: 'o',
        f: { categories: { k: 'l', e: 'category', of: categoryTag }, status: S_TEXT },
    },
    'records/contacts.listFields.response': {
        k: 'o',
        f: { fields: { k: 'l', e: 'field', of: fieldDefinition }, status: S_TEXT },
    },
    'records/companies.listFields.response': {
        k: 'o',
        f: { fields: { k: 'l', e: 'field', of: fieldDefinition }, status: S_TEXT },
    },
    'records/projectblogs.listFields.response': {
        k: 'o',
        f: { fields: { k: 'l', e: 'field', of: fieldDefinition }, status: S_TEXT },
    },
    'records/tickets.listFields.response': {
        k: 'o',
        f: { fields: { k: 'l', e: 'field', of: fieldDefinition }, status: S_TEXT },
    },
    'listOwnership.params': { k: 'o', f: { deleted: S_FLAG } },
    'listOwnership.response': {
        k: 'o',
        f: { users: { k: 'l', e: 'user', of: user }, groups: { k: 'l', e: 'group', of: group }, status: S_TEXT },
    },
    'activities/attachmentfile.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: attachmentfileFields, after: S_INT, before: S_INT },
    },
    'activities/call.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: callFields, after: S_INT, before: S_INT },
    },
    'activities/comment.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: commentFields, after: S_INT, before: S_INT },
    },
    'activities/marketingawidget.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: marketingawidgetFields, after: S_INT, before: S_INT },
    },
    'activities/marketingbwidget.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: marketingbwidgetFields, after: S_INT, before: S_INT },
    },
    'activities/event.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: eventFields, after: S_INT, before: S_INT },
    },
    'activities/file.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: fileFields, after: S_INT, before: S_INT },
    },
    'activities/followup.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: followupFields, after: S_INT, before: S_INT },
    },
    'activities/billingawidget.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: billingawidgetFields, after: S_INT, before: S_INT },
    },
    'activities/onlinedoc.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: onlinedocFields, after: S_INT, before: S_INT },
    },
    'activities/linkedemails.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: linkedemailsFields, after: S_INT, before: S_INT },
    },
    'activities/note.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: noteFields, after: S_INT, before: S_INT },
    },
    'activities/opportunity.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: opportunityFields, after: S_INT, before: S_INT },
    },
    'activities/photo.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: photoFields, after: S_INT, before: S_INT },
    },
    'activities/photolist.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: photolistFields, after: S_INT, before: S_INT },
    },
    'activities/separator.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: separatorFields, after: S_INT, before: S_INT },
    },
    'activities/scheduledemail.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: scheduledemailFields, after: S_INT, before: S_INT },
    },
    'activities/task.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: taskFields, after: S_INT, before: S_INT },
    },
    'activities/tasklist.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: tasklistFields, after: S_INT, before: S_INT },
    },
    'activities/template.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: templateFields, after: S_INT, before: S_INT },
    },
    'activities/timerecord.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: timerecordFields, after: S_INT, before: S_INT },
    },
    'activities/website.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: websiteFields, after: S_INT, before: S_INT },
    },
    'activities/billingbwidget.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: billingbwidgetFields, after: S_INT, before: S_INT },
    },
    'activities/supportwidget.createActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: supportwidgetFields, after: S_INT, before: S_INT },
    },
    'activities/attachmentfile.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: attachmentfileFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/call.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: callFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/comment.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: commentFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/marketingawidget.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: marketingawidgetFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/marketingbwidget.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: marketingbwidgetFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/event.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: eventFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/file.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: fileFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/followup.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: followupFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/billingawidget.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: billingawidgetFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/onlinedoc.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: onlinedocFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/linkedemails.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: linkedemailsFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/note.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: noteFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/opportunity.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: opportunityFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/photo.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: photoFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/photolist.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: photolistFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/separator.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: separatorFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/scheduledemail.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: scheduledemailFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/task.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: taskFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/tasklist.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: tasklistFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/template.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: templateFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/timerecord.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: timerecordFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/website.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: websiteFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/billingbwidget.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: billingbwidgetFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/supportwidget.createActivity.response': {
        k: 'o',
        f: { id: S_INT, data: supportwidgetFields, created: S_TEXT, status: S_TEXT },
    },
    'activities/attachmentfile.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: attachmentfileFields, after: S_INT, before: S_INT },
    },
    'activities/call.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: callFields, after: S_INT, before: S_INT },
    },
    'activities/comment.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: commentFields, after: S_INT, before: S_INT },
    },
    'activities/marketingawidget.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: marketingawidgetFields, after: S_INT, before: S_INT },
    },
    'activities/marketingbwidget.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: marketingbwidgetFields, after: S_INT, before: S_INT },
    },
    'activities/event.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: eventFields, after: S_INT, before: S_INT },
    },
    'activities/file.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: fileFields, after: S_INT, before: S_INT },
    },
    'activities/followup.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: followupFields, after: S_INT, before: S_INT },
    },
    'activities/billingawidget.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: billingawidgetFields, after: S_INT, before: S_INT },
    },
    'activities/onlinedoc.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: onlinedocFields, after: S_INT, before: S_INT },
    },
    'activities/linkedemails.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: linkedemailsFields, after: S_INT, before: S_INT },
    },
    'activities/note.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: noteFields, after: S_INT, before: S_INT },
    },
    'activities/opportunity.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: opportunityFields, after: S_INT, before: S_INT },
    },
    'activities/photo.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: photoFields, after: S_INT, before: S_INT },
    },
    'activities/photolist.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: photolistFields, after: S_INT, before: S_INT },
    },
    'activities/separator.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: separatorFields, after: S_INT, before: S_INT },
    },
    'activities/scheduledemail.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: scheduledemailFields, after: S_INT, before: S_INT },
    },
    'activities/task.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: taskFields, after: S_INT, before: S_INT },
    },
    'activities/tasklist.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: tasklistFields, after: S_INT, before: S_INT },
    },
    'activities/template.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: templateFields, after: S_INT, before: S_INT },
    },
    'activities/timerecord.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: timerecordFields, after: S_INT, before: S_INT },
    },
    'activities/website.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: websiteFields, after: S_INT, before: S_INT },
    },
    'activities/billingbwidget.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: billingbwidgetFields, after: S_INT, before: S_INT },
    },
    'activities/supportwidget.updateActivity.request': {
        k: 'o',
        f: { parent: S_INT, data: supportwidgetFields, after: S_INT, before: S_INT },
    },
    'activities/updateActivity.response': { k: 'o', f: { status: S_TEXT } },
    'activities/deleteActivity.response': { k: 'o', f: { status: S_TEXT } },
    'createHook.request': hookCreate,
    'createHook.response': {
        k: 'o',
        f: {
            id: S_INT,
            status: S_TEXT,
            type: S_TEXT,
            title: S_TEXT,
            active: S_FLAG,
            event: S_TEXT,
            constrainttype: S_TEXT,
            url: S_TEXT,
            contenttype: S_TEXT,
            secret: S_TEXT,
        },
    },
    'updateHook.request': hookUpdate,
    'updateHook.response': { k: 'o', f: { status: S_TEXT } },
    'listHooks.response': { k: 'o', f: { hooks: { k: 'l', e: 'hook', of: hook }, status: S_TEXT } },
    'listHookDeliveries.response': {
        k: 'o',
        f: { deliveries: { k: 'l', e: 'delivery', of: hookDelivery }, status: S_TEXT },
    },
    'redeliverHook.response': { k: 'o', f: { id: S_INT, status: S_TEXT } },
    'deleteHook.response': { k: 'o', f: { status: S_TEXT } },
    'reportNextactions.params': { k: 'o', f: { filter: S_OWNER_FILTER, due: S_TEXT, itemsdata: S_INT } },
    'reportNextactions.response': { k: 'o', f: { actions: { k: 'l', e: 'action', of: reportAction }, status: S_TEXT } },
    'reportCalendar.params': { k: 'o', f: { start: S_DATE, end: S_DATE, filter: S_OWNER_FILTER, itemsdata: S_INT } },
    'reportCalendar.response': { k: 'o', f: { actions: { k: 'l', e: 'action', of: reportAction }, status: S_TEXT } },
    'reportFollowups.params': { k: 'o', f: { responsible: S_OWNER_FILTER, due: S_TEXT, itemsdata: S_INT } },
    'reportFollowups.response': {
        k: 'o',
        f: { followups: { k: 'l', e: 'followup', of: reportFollowup }, status: S_TEXT },
    },
    'reportOpportunities.params': {
        k: 'o',
        f: { filter: S_OWNER_FILTER, status: S_TEXT, due: S_TEXT, itemsdata: S_INT },
    },
    'reportOpportunities.response': {
        k: 'o',
        f: { opportunities: { k: 'l', e: 'opportunity', of: reportOpportunity }, status: S_TEXT },
    },
    'reportActivities.params': {
        k: 'o',
        f: {
            start: S_DATE,
            end: S_DATE,
            last: S_TEXT,
            types: S_INT_LIST,
            users: S_INT_LIST,
            categories: S_INT_LIST,
            itemtypes: S_INT_LIST,
            itemsdata: S_INT,
        },
    },
    'reportActivities.response': {
        k: 'o',
        f: { activities: { k: 'l', e: 'activity', of: reportActivity }, status: S_TEXT },
    },
    'reportTimetracking.params': {
        k: 'o',
        f: { start: S_DATE, end: S_DATE, filter: S_TEXT, itemtypes: S_INT_LIST, itemsdata: S_INT },
    },
    'reportTimetracking.response': {
        k: 'o',
        f: { timerecords: { k: 'l', e: 'timerecord', of: reportTimeRecord }, status: S_TEXT },
    },
    'notification/items': {
        k: 'o',
        f: { type: S_TEXT, objectid: S_INT, occured: S_DATETIME, content: itemNotificationContent },
    },
    'notification/activities': {
        k: 'o',
        f: { type: S_TEXT, objectid: S_INT, occured: S_DATETIME, content: activityNotificationContent },
    },
    'error.response': { k: 'o', f: { status: S_TEXT, errors: { k: 'm', of: S_TEXT } } },
};
