import { str, type Obj } from '../../src/services/values.js';
import { parseCidr, type Cidr } from './_cidr.js';

export interface ServiceCidr {
  /** The field the range is written in: `ServiceCIDR`, or `SecondaryServiceCIDR`. */
  field: 'ServiceCIDR' | 'SecondaryServiceCIDR';
  text: string;
  /** Undefined when the text does not parse. */
  cidr: Cidr | undefined;
}

/**
 * The primary and secondary service CIDRs of a node IPAM configuration, as the controller manager splits them:
 * `ServiceCIDR` may hold `primary,secondary` (its second entry then replaces SecondaryServiceCIDR). Empty
 * entries count as unset. Entries beyond the second are left to controllermanager/service-cidrs-valid.
 */
export function serviceCidrs(ipam: Obj): { primary: ServiceCidr | undefined; secondary: ServiceCidr | undefined } {
  const make = (field: ServiceCidr['field'], text: string | undefined): ServiceCidr | undefined =>
    text === undefined || text.trim() === '' ? undefined : { field, text, cidr: parseCidr(text.trim()) };
  const entries = (str(ipam.ServiceCIDR) ?? '').split(',');
  const primary = make('ServiceCIDR', entries[0]);
  const secondary = entries.length > 1 ? make('ServiceCIDR', entries[1]) : make('SecondaryServiceCIDR', str(ipam.SecondaryServiceCIDR));
  return { primary, secondary };
}
