/** Path segment of a record kind. */
export type KindName = "contacts" | "companies" | "projectblogs" | "tickets";
/** A custom field, named custom<fieldId>. */
export type CustomFieldName = `custom${number}`;
/** Read-only audit fields inside item.fields, maintained by the service. */
export interface AuditFields {
    readonly creatorid?: number;
    readonly creatorname?: string;
    readonly creatordate?: number;
    readonly modificatorid?: number;
    readonly modificatorname?: string;
    readonly modificatordate?: number;
}
/**
 * Field names seen on contacts.
 * Assumed: labels are not shown in the document; these are the field names spelled out.
 */
export interface ContactFields {
    [custom: CustomFieldName]: string | undefined;
    /** First name. */
    firstname?: string;
    /** Last name. */
    lastname?: string;
    /** Business e-mail. Role: email. */
    businessemail?: string;
    /** Personal e-mail. Role: email. */
    personalemail?: string;
    /** Business phone (direct). Role: phone. */
    businessphonedirect?: string;
    /** Business phone (main). Role: phone. */
    businessphonemain?: string;
    /** Home phone. Role: phone. */
    homephone?: string;
    /** Cellular phone. Role: phone. */
    cellularphone?: string;
    /** Business fax. Role: phone. */
    businessfax?: string;
    /** Business address. */
    businessaddress?: string;
    /** Job title. */
    jobtitle?: string;
    /** Background. */
    background?: string;
    /** Website. */
    website?: string;
    /** Assigned to. */
    assignedto?: number;
    /** Answers: the name of the user or group assignedto names (XML: its cn attribute). Ignored in requests. */
    "assignedto@cn"?: string;
}
/**
 * Fields of companies, project blogs and tickets.
 * Assumed: the document says these field sets are not shown; this set is our own choice.
 */
export interface OrganizationFields {
    [custom: CustomFieldName]: string | undefined;
    /** Name. */
    name?: string;
    /** Business e-mail. Role: email. */
    businessemail?: string;
    /** Business phone (main). Role: phone. */
    businessphonemain?: string;
    /** Business fax. Role: phone. */
    businessfax?: string;
    /** Business address. */
    businessaddress?: string;
    /** Website. */
    website?: string;
    /** Background. */
    background?: string;
    /** Assigned to. */
    assignedto?: number;
    /** Answers: the name of the user or group assignedto names (XML: its cn attribute). Ignored in requests. */
    "assignedto@cn"?: string;
}
/** The field set of each record kind. */
export interface RecordFieldsByKind {
    /** Contact, typeid 1. */
    contacts: ContactFields;
    /** Company, typeid 40. */
    companies: OrganizationFields;
    /** Project blog, typeid 2. Assumed: typeid not shown; 2 is the unexplained value of the reports' itemtypes filter. */
    projectblogs: OrganizationFields;
    /** Ticket, typeid 41. Assumed: typeid not shown; 41 is our own choice, not a documented value. */
    tickets: OrganizationFields;
}
export type RecordFieldsOf<K extends KindName> = RecordFieldsByKind[K];
/** Type id of each record kind. */
export declare const kindTypeids: {
    readonly contacts: 1;
    readonly companies: 40;
    readonly projectblogs: 2;
    readonly tickets: 41;
};
