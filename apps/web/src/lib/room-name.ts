import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The five rooms every household starts with (apps/server/src/modules/households/household.service.ts,
 * DEFAULT_ROOMS) are stored by their English names; a member's own names are stored as typed.
 */
const DEFAULT_ROOM_KEYS = {
  'Living Room': 'livingRoom',
  Kitchen: 'kitchen',
  Bedroom: 'bedroom',
  Bathroom: 'bathroom',
  Office: 'office',
} as const;

const isDefaultRoom = (name: string): name is keyof typeof DEFAULT_ROOM_KEYS => Object.hasOwn(DEFAULT_ROOM_KEYS, name);

/** A room's name as shown: a default room in the reader's language, any other name as entered. */
export function useRoomName(): (name: string) => string {
  const { t } = useTranslation('common');
  return useCallback((name: string) => (isDefaultRoom(name) ? t(`rooms.${DEFAULT_ROOM_KEYS[name]}`) : name), [t]);
}
