import { type Desc, type XmlLeafStore } from '../runtime/codec.js';
/** Per object descriptor, the store of its scalar fields' elements. */
export declare const xmlStores: ReadonlyMap<Desc, XmlLeafStore>;
