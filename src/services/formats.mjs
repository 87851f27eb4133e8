// String formats of the plat schemas, as regular expressions so that Ajv's standalone code inlines them.
// Kept in plain JavaScript: the build runs it before TypeScript is compiled.

/** Go's time.ParseDuration, as metav1.Duration uses it: `10s`, `1m30s`, `2h45m`, `1.5h`, `-5m`, `0`. */
export const duration = /^[-+]?(?:0|(?:(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:ns|us|µs|μs|ms|s|m|h))+)$/;

/**
 * Standard base64 with padding, as Go's encoding/json decodes []byte (and encoding/base64 decodes a key):
 * line breaks (`\r`, `\n`) anywhere are skipped, so a value wrapped over lines (a block scalar) is base64.
 */
export const base64 = /^[\r\n]*(?:(?:[A-Za-z0-9+/][\r\n]*){4})*(?:(?:[A-Za-z0-9+/][\r\n]*){2}=[\r\n]*=|(?:[A-Za-z0-9+/][\r\n]*){3}=)?[\r\n]*$/;

/** resource.Quantity: a signed decimal number with an optional binary-SI, decimal-SI or exponent suffix. */
export const quantity = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?[0-9]+)?$/;

/** RFC 3339 timestamps as metav1.Time and MicroTime parse them (Go's time.Parse also takes a comma before the fraction). */
export const dateTime =
  /^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])T(?:[01][0-9]|2[0-3]):[0-5][0-9]:(?:[0-5][0-9]|60)(?:[.,][0-9]+)?(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])$/;

export const FORMATS = { duration, base64, quantity, 'date-time': dateTime };
