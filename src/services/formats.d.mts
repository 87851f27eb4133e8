// Types of src/services/formats.mjs (plain JavaScript, shared with the build).
export declare const duration: RegExp;
export declare const base64: RegExp;
export declare const quantity: RegExp;
export declare const dateTime: RegExp;
export declare const FORMATS: Record<'duration' | 'base64' | 'quantity' | 'date-time', RegExp>;
