import { ErrorStatus, LiveInteractionMessages } from '@coderoom/domain';
import { AppError, invalidInput } from '../../platform/http/errors.js';

export const UserDataErrors = {
  notAnObject: () => invalidInput({ map_key_val: 'Map key val must be a JSON object of keys and values.' }),
  noEntries: () => invalidInput({ map_key_val: 'Map key val must name at least one key.' }),
  tooManyEntries: (limit: number) =>
    invalidInput({ map_key_val: `Map key val may name at most ${limit} keys.` }),
  keyInvalid: (key: string, maxLength: number) =>
    invalidInput({ [`map_key_val.${key.slice(0, 40)}`]: `Keys must be 1 to ${maxLength} characters long.` }),
  valueTooLarge: (key: string, maxBytes: number) =>
    invalidInput({
      [`map_key_val.${key.slice(0, 40)}`]: `A value may be at most ${maxBytes} bytes as JSON.`,
    }),
  notLive: () =>
    new AppError(ErrorStatus.OperationNotAllowed, LiveInteractionMessages.NotLive, {
      comp_id: LiveInteractionMessages.NotLive,
    }),
  mapFull: (maxBytes: number) =>
    new AppError(
      ErrorStatus.OperationNotAllowed,
      `This map is full: all its values together may be at most ${maxBytes} bytes.`,
    ),
} as const;
