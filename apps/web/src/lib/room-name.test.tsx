import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { useComponentName } from './component-name';
import { useRoomName } from './room-name';

describe('room names', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('shows the default rooms in the reader’s language and a member’s own names as entered', async () => {
    await i18n.changeLanguage('fr');
    const { result } = renderHook(() => useRoomName());
    expect(['Living Room', 'Kitchen', 'Bedroom', 'Bathroom', 'Office'].map(result.current)).toEqual(['Salon', 'Cuisine', 'Chambre', 'Salle de bain', 'Bureau']);
    expect(result.current('Atelier de Mamie')).toBe('Atelier de Mamie');
    // Only the exact stored name: a member's "kitchen" is theirs.
    expect(result.current('kitchen')).toBe('kitchen');
    expect(result.current('constructor')).toBe('constructor');
  });

  it('in Spanish too', async () => {
    await i18n.changeLanguage('es');
    const { result } = renderHook(() => useRoomName());
    expect(result.current('Bathroom')).toBe('Baño');
  });
});

describe('component names', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('shows the server’s "Solar array" in the reader’s language and a device’s name as it is', async () => {
    await i18n.changeLanguage('fr');
    const { result } = renderHook(() => useComponentName());
    expect(result.current({ name: 'Solar array', kind: 'solar_array' })).toBe('Panneaux solaires');
    expect(result.current({ name: 'Roof panels', kind: 'solar_array' })).toBe('Roof panels');
    expect(result.current({ name: 'Solar array', kind: 'water_heater' })).toBe('Solar array');
    await i18n.changeLanguage('es');
    expect(renderHook(() => useComponentName()).result.current({ name: 'Solar array', kind: 'solar_array' })).toBe('Paneles solares');
  });
});
