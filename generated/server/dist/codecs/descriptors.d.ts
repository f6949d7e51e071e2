import type { ScalarDesc } from '../runtime/codec.js';
/** Wire shape of every message, by target (the JSON Schema id of the same message). */
export declare const descriptors: {
    'records/contacts.listRecords.params': {
        k: "o";
        f: {
            layout: ScalarDesc;
            fieldslist: ScalarDesc;
            categories: ScalarDesc;
            filtermode: ScalarDesc;
            filtervalue: ScalarDesc;
            special: ScalarDesc;
            searchmode: ScalarDesc;
            searchvalue: ScalarDesc;
            limit: ScalarDesc;
            start: ScalarDesc;
            sortfield: ScalarDesc;
            sortdir: ScalarDesc;
        };
    };
    'records/companies.listRecords.params': {
        k: "o";
        f: {
            layout: ScalarDesc;
            fieldslist: ScalarDesc;
            categories: ScalarDesc;
            filtermode: ScalarDesc;
            filtervalue: ScalarDesc;
            special: ScalarDesc;
            searchmode: ScalarDesc;
            searchvalue: ScalarDesc;
            limit: ScalarDesc;
            start: ScalarDesc;
            sortfield: ScalarDesc;
            sortdir: ScalarDesc;
        };
    };
    'records/projectblogs.listRecords.params': {
        k: "o";
        f: {
            layout: ScalarDesc;
            fieldslist: ScalarDesc;
            categories: ScalarDesc;
            filtermode: ScalarDesc;
            filtervalue: ScalarDesc;
            special: ScalarDesc;
            searchmode: ScalarDesc;
            searchvalue: ScalarDesc;
            limit: ScalarDesc;
            start: ScalarDesc;
            sortfield: ScalarDesc;
            sortdir: ScalarDesc;
        };
    };
    'records/tickets.listRecords.params': {
        k: "o";
        f: {
            layout: ScalarDesc;
            fieldslist: ScalarDesc;
            categories: ScalarDesc;
            filtermode: ScalarDesc;
            filtervalue: ScalarDesc;
            special: ScalarDesc;
            searchmode: ScalarDesc;
            searchvalue: ScalarDesc;
            limit: ScalarDesc;
            start: ScalarDesc;
            sortfield: ScalarDesc;
            sortdir: ScalarDesc;
        };
    };
    'records/contacts.listRecords.response': {
        k: "o";
        f: {
            entries: ScalarDesc;
            count: ScalarDesc;
            status: ScalarDesc;
        };
        inl: {
            p: string;
            as: string;
            of: import("../runtime/codec.js").ObjectDesc;
        };
    };
    'records/companies.listRecords.response': {
        k: "o";
        f: {
            entries: ScalarDesc;
            count: ScalarDesc;
            status: ScalarDesc;
        };
        inl: {
            p: string;
            as: string;
            of: import("../runtime/codec.js").ObjectDesc;
        };
    };
    'records/projectblogs.listRecords.response': {
        k: "o";
        f: {
            entries: ScalarDesc;
            count: ScalarDesc;
            status: ScalarDesc;
        };
        inl: {
            p: string;
            as: string;
            of: import("../runtime/codec.js").ObjectDesc;
        };
    };
    'records/tickets.listRecords.response': {
        k: "o";
        f: {
            entries: ScalarDesc;
            count: ScalarDesc;
            status: ScalarDesc;
        };
        inl: {
            p: string;
            as: string;
            of: import("../runtime/codec.js").ObjectDesc;
        };
    };
    'records/contacts.createRecord.request': {
        k: "o";
        f: {
            firstname: ScalarDesc;
            lastname: ScalarDesc;
            businessemail: ScalarDesc;
            personalemail: ScalarDesc;
            businessphonedirect: ScalarDesc;
            businessphonemain: ScalarDesc;
            homephone: ScalarDesc;
            cellularphone: ScalarDesc;
            businessfax: ScalarDesc;
            businessaddress: ScalarDesc;
            jobtitle: ScalarDesc;
            background: ScalarDesc;
            website: ScalarDesc;
            assignedto: ScalarDesc;
            ownership: ScalarDesc;
            flagged: ScalarDesc;
            categories: {
                k: "o";
                f: {
                    add: {
                        k: "l";
                        e: string;
                        of: ScalarDesc;
                    };
                };
            };
            relateditems: {
                k: "o";
                f: {
                    add: {
                        k: "l";
                        e: string;
                        of: import("../runtime/codec.js").ObjectDesc;
                    };
                };
            };
        };
        c: string;
        an: {
            a: string;
            s: string;
            f: string[];
        };
    };
    'records/companies.createRecord.request': {
        k: "o";
        f: {
            name: ScalarDesc;
            businessemail: ScalarDesc;
            businessphonemain: ScalarDesc;
            businessfax: ScalarDesc;
            businessaddress: ScalarDesc;
            website: ScalarDesc;
            background: ScalarDesc;
            assignedto: ScalarDesc;
            ownership: ScalarDesc;
            flagged: ScalarDesc;
            categories: {
                k: "o";
                f: {
                    add: {
                        k: "l";
                        e: string;
                        of: ScalarDesc;
                    };
                };
            };
            relateditems: {
                k: "o";
                f: {
                    add: {
                        k: "l";
                        e: string;
                        of: import("../runtime/codec.js").ObjectDesc;
                    };
                };
            };
        };
        c: string;
        an: {
            a: string;
            s: string;
            f: string[];
        };
    };
    'records/projectblogs.createRecord.request': {
        k: "o";
        f: {
            name: ScalarDesc;
            businessemail: ScalarDesc;
            businessphonemain: ScalarDesc;
            businessfax: ScalarDesc;
            businessaddress: ScalarDesc;
            website: ScalarDesc;
            background: ScalarDesc;
            assignedto: ScalarDesc;
            ownership: ScalarDesc;
            flagged: ScalarDesc;
            categories: {
                k: "o";
                f: {
                    add: {
                        k: "l";
                        e: string;
                        of: ScalarDesc;
                    };
                };
            };
            relateditems: {
                k: "o";
                f: {
                    add: {
                        k: "l";
                        e: string;
                        of: import("../runtime/codec.js").ObjectDesc;
                    };
                };
            };
        };
        c: string;
        an: {
            a: string;
            s: string;
            f: string[];
        };
    };
    'records/tickets.createRecord.request': {
        k: "o";
        f: {
            name: ScalarDesc;
            businessemail: ScalarDesc;
            businessphonemain: ScalarDesc;
            businessfax: ScalarDesc;
            businessaddress: ScalarDesc;
            website: ScalarDesc;
            background: ScalarDesc;
            assignedto: ScalarDesc;
            ownership: ScalarDesc;
            flagged: ScalarDesc;
            categories: {
                k: "o";
                f: {
                    add: {
                        k: "l";
                        e: string;
                        of: ScalarDesc;
                    };
                };
            };
            relateditems: {
                k: "o";
                f: {
                    add: {
                        k: "l";
                        e: string;
                        of: import("../runtime/codec.js").ObjectDesc;
                    };
                };
            };
        };
        c: string;
        an: {
            a: string;
            s: string;
            f: string[];
        };
    };
    'records/contacts.createRecord.response': {
        k: "o";
        f: {
            item: import("../runtime/codec.js").ObjectDesc;
            activities: {
                k: "y";
                p: string;
                as: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            categories: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            relateditems: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'records/companies.createRecord.response': {
        k: "o";
        f: {
            item: import("../runtime/codec.js").ObjectDesc;
            activities: {
                k: "y";
                p: string;
                as: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            categories: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            relateditems: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'records/projectblogs.createRecord.response': {
        k: "o";
        f: {
            item: import("../runtime/codec.js").ObjectDesc;
            activities: {
                k: "y";
                p: string;
                as: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            categories: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            relateditems: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'records/tickets.createRecord.response': {
        k: "o";
        f: {
            item: import("../runtime/codec.js").ObjectDesc;
            activities: {
                k: "y";
                p: string;
                as: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            categories: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            relateditems: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'records/contacts.showRecord.response': {
        k: "o";
        f: {
            item: import("../runtime/codec.js").ObjectDesc;
            activities: {
                k: "y";
                p: string;
                as: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            categories: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            relateditems: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'records/companies.showRecord.response': {
        k: "o";
        f: {
            item: import("../runtime/codec.js").ObjectDesc;
            activities: {
                k: "y";
                p: string;
                as: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            categories: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            relateditems: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'records/projectblogs.showRecord.response': {
        k: "o";
        f: {
            item: import("../runtime/codec.js").ObjectDesc;
            activities: {
                k: "y";
                p: string;
                as: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            categories: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            relateditems: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'records/tickets.showRecord.response': {
        k: "o";
        f: {
            item: import("../runtime/codec.js").ObjectDesc;
            activities: {
                k: "y";
                p: string;
                as: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            categories: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            relateditems: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'records/contacts.updateRecord.request': {
        k: "o";
        f: {
            firstname: ScalarDesc;
            lastname: ScalarDesc;
            businessemail: ScalarDesc;
            personalemail: ScalarDesc;
            businessphonedirect: ScalarDesc;
            businessphonemain: ScalarDesc;
            homephone: ScalarDesc;
            cellularphone: ScalarDesc;
            businessfax: ScalarDesc;
            businessaddress: ScalarDesc;
            jobtitle: ScalarDesc;
            background: ScalarDesc;
            website: ScalarDesc;
            assignedto: ScalarDesc;
            ownership: ScalarDesc;
            flagged: ScalarDesc;
            categories: import("../runtime/codec.js").ObjectDesc;
            relateditems: {
                k: "o";
                f: {
                    add: {
                        k: "l";
                        e: string;
                        of: import("../runtime/codec.js").ObjectDesc;
                    };
                    remove: {
                        k: "l";
                        e: string;
                        of: import("../runtime/codec.js").ObjectDesc;
                    };
                };
            };
        };
        c: string;
        an: {
            a: string;
            s: string;
            f: string[];
        };
    };
    'records/companies.updateRecord.request': {
        k: "o";
        f: {
            name: ScalarDesc;
            businessemail: ScalarDesc;
            businessphonemain: ScalarDesc;
            businessfax: ScalarDesc;
            businessaddress: ScalarDesc;
            website: ScalarDesc;
            background: ScalarDesc;
            assignedto: ScalarDesc;
            ownership: ScalarDesc;
            flagged: ScalarDesc;
            categories: import("../runtime/codec.js").ObjectDesc;
            relateditems: {
                k: "o";
                f: {
                    add: {
                        k: "l";
                        e: string;
                        of: import("../runtime/codec.js").ObjectDesc;
                    };
                    remove: {
                        k: "l";
                        e: string;
                        of: import("../runtime/codec.js").ObjectDesc;
                    };
                };
            };
        };
        c: string;
        an: {
            a: string;
            s: string;
            f: string[];
        };
    };
    'records/projectblogs.updateRecord.request': {
        k: "o";
        f: {
            name: ScalarDesc;
            businessemail: ScalarDesc;
            businessphonemain: ScalarDesc;
            businessfax: ScalarDesc;
            businessaddress: ScalarDesc;
            website: ScalarDesc;
            background: ScalarDesc;
            assignedto: ScalarDesc;
            ownership: ScalarDesc;
            flagged: ScalarDesc;
            categories: import("../runtime/codec.js").ObjectDesc;
            relateditems: {
                k: "o";
                f: {
                    add: {
                        k: "l";
                        e: string;
                        of: import("../runtime/codec.js").ObjectDesc;
                    };
                    remove: {
                        k: "l";
                        e: string;
                        of: import("../runtime/codec.js").ObjectDesc;
                    };
                };
            };
        };
        c: string;
        an: {
            a: string;
            s: string;
            f: string[];
        };
    };
    'records/tickets.updateRecord.request': {
        k: "o";
        f: {
            name: ScalarDesc;
            businessemail: ScalarDesc;
            businessphonemain: ScalarDesc;
            businessfax: ScalarDesc;
            businessaddress: ScalarDesc;
            website: ScalarDesc;
            background: ScalarDesc;
            assignedto: ScalarDesc;
            ownership: ScalarDesc;
            flagged: ScalarDesc;
            categories: import("../runtime/codec.js").ObjectDesc;
            relateditems: {
                k: "o";
                f: {
                    add: {
                        k: "l";
                        e: string;
                        of: import("../runtime/codec.js").ObjectDesc;
                    };
                    remove: {
                        k: "l";
                        e: string;
                        of: import("../runtime/codec.js").ObjectDesc;
                    };
                };
            };
        };
        c: string;
        an: {
            a: string;
            s: string;
            f: string[];
        };
    };
    'records/contacts.updateRecord.response': {
        k: "o";
        f: {
            status: ScalarDesc;
        };
    };
    'records/companies.updateRecord.response': {
        k: "o";
        f: {
            status: ScalarDesc;
        };
    };
    'records/projectblogs.updateRecord.response': {
        k: "o";
        f: {
            status: ScalarDesc;
        };
    };
    'records/tickets.updateRecord.response': {
        k: "o";
        f: {
            status: ScalarDesc;
        };
    };
    'records/contacts.deleteRecord.response': {
        k: "o";
        f: {
            status: ScalarDesc;
        };
    };
    'records/companies.deleteRecord.response': {
        k: "o";
        f: {
            status: ScalarDesc;
        };
    };
    'records/projectblogs.deleteRecord.response': {
        k: "o";
        f: {
            status: ScalarDesc;
        };
    };
    'records/tickets.deleteRecord.response': {
        k: "o";
        f: {
            status: ScalarDesc;
        };
    };
    'records/contacts.createCategory.request': {
        k: "o";
        f: {
            name: ScalarDesc;
        };
    };
    'records/companies.createCategory.request': {
        k: "o";
        f: {
            name: ScalarDesc;
        };
    };
    'records/projectblogs.createCategory.request': {
        k: "o";
        f: {
            name: ScalarDesc;
        };
    };
    'records/tickets.createCategory.request': {
        k: "o";
        f: {
            name: ScalarDesc;
        };
    };
    'records/contacts.createCategory.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'records/companies.createCategory.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'records/projectblogs.createCategory.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'records/tickets.createCategory.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'records/contacts.listCategories.response': {
        k: "o";
        f: {
            categories: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'records/companies.listCategories.response': {
        k: "o";
        f: {
            categories: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'records/projectblogs.listCategories.response': {
        k: "o";
        f: {
            categories: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'records/tickets.listCategories.response': {
        k: "o";
        f: {
            categories: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'records/contacts.listFields.response': {
        k: "o";
        f: {
            fields: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'records/companies.listFields.response': {
        k: "o";
        f: {
            fields: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'records/projectblogs.listFields.response': {
        k: "o";
        f: {
            fields: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'records/tickets.listFields.response': {
        k: "o";
        f: {
            fields: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'listOwnership.params': {
        k: "o";
        f: {
            deleted: ScalarDesc;
        };
    };
    'listOwnership.response': {
        k: "o";
        f: {
            users: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            groups: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'activities/attachmentfile.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/call.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/comment.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/marketingawidget.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/marketingbwidget.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/event.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/file.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/followup.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/billingawidget.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/onlinedoc.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/linkedemails.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/note.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/opportunity.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/photo.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/photolist.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/separator.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/scheduledemail.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/task.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/tasklist.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/template.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/timerecord.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/website.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/billingbwidget.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/supportwidget.createActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/attachmentfile.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/call.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/comment.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/marketingawidget.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/marketingbwidget.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/event.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/file.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/followup.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/billingawidget.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/onlinedoc.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/linkedemails.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/note.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/opportunity.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/photo.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/photolist.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/separator.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/scheduledemail.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/task.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/tasklist.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/template.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/timerecord.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/website.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/billingbwidget.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/supportwidget.createActivity.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            created: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'activities/attachmentfile.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/call.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/comment.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/marketingawidget.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/marketingbwidget.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/event.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/file.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/followup.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/billingawidget.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/onlinedoc.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/linkedemails.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/note.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/opportunity.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/photo.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/photolist.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/separator.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/scheduledemail.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/task.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/tasklist.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/template.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/timerecord.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/website.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/billingbwidget.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/supportwidget.updateActivity.request': {
        k: "o";
        f: {
            parent: ScalarDesc;
            data: import("../runtime/codec.js").ObjectDesc;
            flagged: ScalarDesc;
            after: ScalarDesc;
            before: ScalarDesc;
        };
    };
    'activities/updateActivity.response': {
        k: "o";
        f: {
            status: ScalarDesc;
        };
    };
    'activities/deleteActivity.response': {
        k: "o";
        f: {
            status: ScalarDesc;
        };
    };
    'createHook.request': import("../runtime/codec.js").ObjectDesc;
    'createHook.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            status: ScalarDesc;
            type: ScalarDesc;
            title: ScalarDesc;
            active: ScalarDesc;
            event: ScalarDesc;
            constrainttype: ScalarDesc;
            url: ScalarDesc;
            contenttype: ScalarDesc;
            secret: ScalarDesc;
        };
    };
    'updateHook.request': import("../runtime/codec.js").ObjectDesc;
    'updateHook.response': {
        k: "o";
        f: {
            status: ScalarDesc;
        };
    };
    'listHooks.response': {
        k: "o";
        f: {
            hooks: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'listHookDeliveries.response': {
        k: "o";
        f: {
            deliveries: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'redeliverHook.response': {
        k: "o";
        f: {
            id: ScalarDesc;
            status: ScalarDesc;
        };
    };
    'deleteHook.response': {
        k: "o";
        f: {
            status: ScalarDesc;
        };
    };
    'reportNextactions.params': {
        k: "o";
        f: {
            filter: ScalarDesc;
            due: ScalarDesc;
            itemsdata: ScalarDesc;
        };
    };
    'reportNextactions.response': {
        k: "o";
        f: {
            actions: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'reportCalendar.params': {
        k: "o";
        f: {
            start: ScalarDesc;
            end: ScalarDesc;
            filter: ScalarDesc;
            itemsdata: ScalarDesc;
        };
    };
    'reportCalendar.response': {
        k: "o";
        f: {
            actions: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'reportFollowups.params': {
        k: "o";
        f: {
            responsible: ScalarDesc;
            due: ScalarDesc;
            itemsdata: ScalarDesc;
        };
    };
    'reportFollowups.response': {
        k: "o";
        f: {
            followups: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'reportOpportunities.params': {
        k: "o";
        f: {
            filter: ScalarDesc;
            status: ScalarDesc;
            due: ScalarDesc;
            itemsdata: ScalarDesc;
        };
    };
    'reportOpportunities.response': {
        k: "o";
        f: {
            opportunities: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'reportActivities.params': {
        k: "o";
        f: {
            start: ScalarDesc;
            end: ScalarDesc;
            last: ScalarDesc;
            types: ScalarDesc;
            users: ScalarDesc;
            categories: ScalarDesc;
            itemtypes: ScalarDesc;
            itemsdata: ScalarDesc;
        };
    };
    'reportActivities.response': {
        k: "o";
        f: {
            activities: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'reportTimetracking.params': {
        k: "o";
        f: {
            start: ScalarDesc;
            end: ScalarDesc;
            filter: ScalarDesc;
            itemtypes: ScalarDesc;
            itemsdata: ScalarDesc;
        };
    };
    'reportTimetracking.response': {
        k: "o";
        f: {
            timerecords: {
                k: "l";
                e: string;
                of: import("../runtime/codec.js").ObjectDesc;
            };
            status: ScalarDesc;
        };
    };
    'notification/items': {
        k: "o";
        f: {
            type: ScalarDesc;
            objectid: ScalarDesc;
            occured: ScalarDesc;
            content: import("../runtime/codec.js").ObjectDesc;
        };
    };
    'notification/activities': {
        k: "o";
        f: {
            type: ScalarDesc;
            objectid: ScalarDesc;
            occured: ScalarDesc;
            content: import("../runtime/codec.js").ObjectDesc;
        };
    };
    'error.response': {
        k: "o";
        f: {
            status: ScalarDesc;
            errors: {
                k: "m";
                of: ScalarDesc;
            };
        };
    };
};
