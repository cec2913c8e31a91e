// The names routes' input rules are the contract's (contract/namesInput.ts); here a problem becomes the 400.
import type { NameInputBody, NamesQueryParams } from '../../../contract/schemas/names';
import { nameValuesOf, namesFilterOf, type NameValues, type NamesFilter } from '../../../contract/namesInput';
import type { Parsed } from '../../../contract/parsed';
import { badRequest } from '../http/errors';

export type { NameValues, NamesFilter };

function orBadRequest<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw badRequest(parsed.error.message, parsed.error.field);
  return parsed.value;
}

export const namesFilter = (query: NamesQueryParams): NamesFilter => orBadRequest(namesFilterOf(query));
export const nameValues = (body: NameInputBody): NameValues => orBadRequest(nameValuesOf(body));
