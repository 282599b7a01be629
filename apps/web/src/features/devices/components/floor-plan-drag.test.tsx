import type { DeviceSummary } from '@peakwise/contracts/devices.contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { roomAt } from '../use-marker-drag';
import { FloorPlan } from './floor-plan';

const rooms = [
  { id: 'kitchen', name: 'Kitchen', x: 0, y: 0, width: 500, height: 300 },
  { id: 'office', name: 'Office', x: 500, y: 0, width: 500, height: 300 },
];
const lamp: DeviceSummary = {
  id: 'd-lamp',
  name: 'Lamp',
  kind: 'lighting',
  roomId: 'kitchen',
  room: 'Kitchen',
  x: 120,
  y: 90,
  status: 'operational',
  powerW: 10,
  efficiencyPct: null,
  active: true,
  relayOn: null,
  neverSwitch: false,
  lastSeenAt: null,
  needsNewPassword: false,
};

function renderPlan() {
  const onMoveDevice = vi.fn(async () => {});
  const onSelectDevice = vi.fn();
  render(
    <FloorPlan
      rooms={rooms}
      devices={[lamp]}
      highlightedRoomId={null}
      onRoomToggle={() => {}}
      selectedDeviceId={null}
      onSelectDevice={onSelectDevice}
      announce={() => {}}
      onMoveDevice={onMoveDevice}
    />,
  );
  return { onMoveDevice, onSelectDevice, marker: screen.getByRole('button', { name: /^Lamp/ }) };
}

describe('moving devices on the floor plan', () => {
  it('finds the room under a point, edges included', () => {
    expect(roomAt(rooms, 500, 10)?.id).toBe('kitchen');
    expect(roomAt(rooms, 501, 10)?.id).toBe('office');
    expect(roomAt(rooms, 200, 301)).toBeNull();
  });

  it('a drag saves the new spot in plan units and the room it was dropped in, without selecting', async () => {
    const { onMoveDevice, onSelectDevice, marker } = renderPlan();
    // jsdom has no layout: the plan is 800 px wide, so 100% zoom is 0.8 px per plan unit.
    fireEvent.pointerDown(marker, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(marker, { pointerId: 1, clientX: 300, clientY: 140 });
    fireEvent.pointerUp(marker, { pointerId: 1, clientX: 300, clientY: 140 });
    fireEvent.click(marker);
    expect(onMoveDevice).toHaveBeenCalledWith({ id: 'd-lamp', x: 120 + 200 / 0.8, y: 90 + 40 / 0.8, roomId: 'kitchen' });
    expect(onSelectDevice).not.toHaveBeenCalled();
    // The marker stays where it was dropped.
    await waitFor(() => expect(marker.style.left).toBe(`${(120 + 250) * 0.8}px`));
  });

  it('a drop in another room moves the device to that room; a short press still selects', () => {
    const { onMoveDevice, onSelectDevice, marker } = renderPlan();
    fireEvent.pointerDown(marker, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(marker, { pointerId: 1, clientX: 600, clientY: 100 });
    fireEvent.pointerUp(marker, { pointerId: 1, clientX: 600, clientY: 100 });
    expect(onMoveDevice).toHaveBeenLastCalledWith({ id: 'd-lamp', x: 120 + 500 / 0.8, y: 90, roomId: 'office' });

    fireEvent.pointerDown(marker, { pointerId: 2, button: 0, clientX: 10, clientY: 10 });
    fireEvent.pointerUp(marker, { pointerId: 2, clientX: 12, clientY: 11 });
    fireEvent.click(marker);
    expect(onSelectDevice).toHaveBeenCalledWith('d-lamp');
    expect(onMoveDevice).toHaveBeenCalledTimes(1);
  });

  it('Alt + arrow keys move a focused marker by 10 plan units', () => {
    const { onMoveDevice, marker } = renderPlan();
    fireEvent.keyDown(marker, { key: 'ArrowRight', altKey: true });
    expect(onMoveDevice).toHaveBeenLastCalledWith({ id: 'd-lamp', x: 130, y: 90, roomId: 'kitchen' });
    fireEvent.keyDown(marker, { key: 'ArrowDown', altKey: true });
    expect(onMoveDevice).toHaveBeenLastCalledWith({ id: 'd-lamp', x: 130, y: 100, roomId: 'kitchen' });
    fireEvent.keyDown(marker, { key: 'ArrowDown' });
    expect(onMoveDevice).toHaveBeenCalledTimes(2);
  });
});
