/** Type id of each record kind. */
export const kindTypeids = { contacts: 1, companies: 40, projectblogs: 2, tickets: 41 };
