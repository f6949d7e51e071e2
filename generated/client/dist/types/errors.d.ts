/** Keys of the error envelope. */
export type ErrorKey = "itemisnotfound" | "unknownpath" | "authenticationfailed" | "accessdenied" | "methodnotallowed" | "requesttoolarge" | "unsupportedmediatype" | "toomanyfailedlogins" | "quotaexceeded" | "malformedrequest" | "incorrectfield" | "invalidvalue" | "invaliddate" | "outofrange" | "notinlist" | "fieldisrequired" | "conditionnotmet" | "cannotcreatecompleted" | "invalidparent" | "onlyoneperparent" | "invalidbatch" | "toomanyparts" | "invalidcharacter" | "unknownowner" | "partauthorization" | "serviceunavailable" | "insufficientstorage" | "internalerror" | "notimplemented";
/** A failed call: <response><status>failed</status><errors><KEY>message</KEY></errors></response>. */
export interface ErrorResponse {
    status: "failed";
    errors: Partial<Record<ErrorKey, string>>;
}
/** HTTP status and message of each error key. */
export declare const errorKeys: {
    readonly itemisnotfound: {
        readonly status: 404;
        readonly message: "Item is not found";
    };
    readonly unknownpath: {
        readonly status: 404;
        readonly message: "No such endpoint";
    };
    readonly authenticationfailed: {
        readonly status: 401;
        readonly message: "Authentication failed";
    };
    readonly accessdenied: {
        readonly status: 403;
        readonly message: "Access denied";
    };
    readonly methodnotallowed: {
        readonly status: 405;
        readonly message: "Method not allowed";
    };
    readonly requesttoolarge: {
        readonly status: 413;
        readonly message: "Request is too large";
    };
    readonly unsupportedmediatype: {
        readonly status: 415;
        readonly message: "Unsupported content type";
    };
    readonly toomanyfailedlogins: {
        readonly status: 429;
        readonly message: "Too many failed logins";
    };
    readonly quotaexceeded: {
        readonly status: 429;
        readonly message: "API call limit exceeded";
    };
    readonly malformedrequest: {
        readonly status: 400;
        readonly message: "The request body cannot be parsed";
    };
    readonly incorrectfield: {
        readonly status: 400;
        readonly message: "Incorrect field specified";
    };
    readonly invalidvalue: {
        readonly status: 400;
        readonly message: "Invalid value";
    };
    readonly invaliddate: {
        readonly status: 400;
        readonly message: "Invalid date";
    };
    readonly outofrange: {
        readonly status: 400;
        readonly message: "Value is out of range";
    };
    readonly notinlist: {
        readonly status: 400;
        readonly message: "Value is not in the list of allowed values";
    };
    readonly fieldisrequired: {
        readonly status: 400;
        readonly message: "Field is required";
    };
    readonly conditionnotmet: {
        readonly status: 400;
        readonly message: "Field is not allowed with the other given values";
    };
    readonly cannotcreatecompleted: {
        readonly status: 400;
        readonly message: "Cannot be created completed";
    };
    readonly invalidparent: {
        readonly status: 400;
        readonly message: "Parent type is not allowed for this activity";
    };
    readonly onlyoneperparent: {
        readonly status: 400;
        readonly message: "Only one is allowed per parent";
    };
    readonly invalidbatch: {
        readonly status: 400;
        readonly message: "The batch request is malformed";
    };
    readonly toomanyparts: {
        readonly status: 400;
        readonly message: "Too many requests in one batch";
    };
    readonly invalidcharacter: {
        readonly status: 400;
        readonly message: "Character not allowed in text";
    };
    readonly unknownowner: {
        readonly status: 400;
        readonly message: "Not a user or group of this account";
    };
    readonly partauthorization: {
        readonly status: 400;
        readonly message: "A batch part cannot carry its own Authorization header";
    };
    readonly serviceunavailable: {
        readonly status: 503;
        readonly message: "The service is busy; retry later";
    };
    readonly insufficientstorage: {
        readonly status: 507;
        readonly message: "The database's disk is full; retry later";
    };
    readonly internalerror: {
        readonly status: 500;
        readonly message: "Internal error";
    };
    readonly notimplemented: {
        readonly status: 501;
        readonly message: "Not implemented";
    };
};
