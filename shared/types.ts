/** Domain types both sides share (spec 000 §3, 001 §3). */
import type { RoleName, WebsiteType } from './constants';

export interface Colors {
  bgColor: string;
  textColor: string;
  hoverColor: string;
  summaryPageSectionColor: string;
}

export interface RoleRef {
  _id: string;
  name: RoleName;
  label: string;
  value: string;
}

export interface BrandRetailer {
  retailer: string;
  flag: boolean;
  webSiteType?: WebsiteType;
}

export interface Brand {
  _id: string;
  name: string;
  slug: string;
  logo?: string;
  contact?: { email: string; name: string };
  colors: Colors;
  company_email_bcc?: string;
  retailers: BrandRetailer[];
}

export interface Retailer {
  _id: string;
  name: string;
  optId: string;
  slug: string;
  website: string;
}

/** The user as the API returns it (never the password hash). */
export interface PublicUser {
  _id: string;
  name: string;
  firstname: string;
  lastname: string;
  email: string;
  roles: RoleRef[];
  brand: Pick<Brand, '_id' | 'name' | 'slug' | 'logo' | 'colors' | 'contact' | 'company_email_bcc'> | null;
  associated_retailers: { _id: string }[];
  notify: boolean;
  user_email_bcc: string;
  emailFrequency: 'Daily' | 'Weekly' | 'Monthly';
  policyFlag: boolean;
}

export interface LoginResponse {
  token: string;
  expiresAt: string;
  user: PublicUser;
}

export interface Paged<T> {
  data: T[];
  totalCount: number;
}
