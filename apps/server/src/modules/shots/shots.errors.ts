import { ShotMessages } from '@coderoom/domain';

export const ShotErrors = ShotMessages;
