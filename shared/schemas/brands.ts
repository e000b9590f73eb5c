import * as z from 'zod';
import { id } from './common';

export const brandIdPath = z.object({ brandId: id });
