import { PLAN_HEIGHT, PLAN_WIDTH } from '@peakwise/contracts/device-management.contract';
import type { DeviceRoom, DeviceSummary } from '@peakwise/contracts/devices.contract';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { DeviceMove } from './api/use-device-management';

/** A press that travels less than this is a click (select), not a drag. */
const DRAG_THRESHOLD_PX = 4;
/** Alt + arrow moves a focused marker this far in plan units. */
const KEY_STEP = 10;

const clamp = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v)));

/** The room whose rectangle holds the point, if any. */
export function roomAt(rooms: DeviceRoom[], x: number, y: number): DeviceRoom | null {
  return rooms.find((r) => x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height) ?? null;
}

type Drag = { id: string; pointerId: number; startX: number; startY: number; originX: number; originY: number; moved: boolean };

/**
 * Dragging device markers on the floor plan (mouse, pen or one finger), with Alt + arrow keys as
 * the keyboard way. A drop saves the spot and the room it landed in; the marker stays where it was
 * dropped until the saved position comes back.
 */
export function useMarkerDrag(options: { scale: number; rooms: DeviceRoom[]; onMove: (move: DeviceMove) => Promise<unknown> }) {
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const [spots, setSpots] = useState<Record<string, { x: number; y: number }>>({});

  const positionOf = (device: DeviceSummary) => spots[device.id] ?? { x: device.x!, y: device.y! };

  const forget = (deviceId: string) =>
    setSpots((s) => {
      const { [deviceId]: _forgotten, ...rest } = s;
      return rest;
    });
  const commit = (device: DeviceSummary, x: number, y: number) => {
    setSpots((s) => ({ ...s, [device.id]: { x, y } }));
    // A refused move puts the marker back where the server has it.
    options.onMove({ id: device.id, x, y, roomId: roomAt(options.rooms, x, y)?.id ?? device.roomId }).catch(() => forget(device.id));
  };

  return {
    positionOf,
    handlers: (device: DeviceSummary) => ({
      onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
        if (event.button !== 0) return;
        // A drop released off the marker never clicked it; a new press starts afresh.
        suppressClick.current = false;
        // The plan's own pointer tracking is for pinch zoom; a marker press is not part of it.
        event.stopPropagation();
        const { x, y } = positionOf(device);
        drag.current = { id: device.id, pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, originX: x, originY: y, moved: false };
        event.currentTarget.setPointerCapture?.(event.pointerId);
      },
      onPointerMove: (event: PointerEvent<HTMLButtonElement>) => {
        const d = drag.current;
        if (!d || d.id !== device.id || d.pointerId !== event.pointerId) return;
        const dx = event.clientX - d.startX;
        const dy = event.clientY - d.startY;
        if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
        d.moved = true;
        setSpots((s) => ({ ...s, [device.id]: { x: clamp(d.originX + dx / options.scale, PLAN_WIDTH), y: clamp(d.originY + dy / options.scale, PLAN_HEIGHT) } }));
      },
      onPointerUp: (event: PointerEvent<HTMLButtonElement>) => {
        const d = drag.current;
        drag.current = null;
        if (!d || d.id !== device.id || !d.moved) return;
        suppressClick.current = true;
        commit(device, clamp(d.originX + (event.clientX - d.startX) / options.scale, PLAN_WIDTH), clamp(d.originY + (event.clientY - d.startY) / options.scale, PLAN_HEIGHT));
      },
      onPointerCancel: () => {
        if (drag.current?.id === device.id) {
          drag.current = null;
          forget(device.id);
        }
      },
      /** A drop ends with a click event; it must not also select. Returns false to swallow it. */
      shouldSelect: () => {
        const select = !suppressClick.current;
        suppressClick.current = false;
        return select;
      },
      onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
        if (!event.altKey) return;
        const delta = { ArrowLeft: [-KEY_STEP, 0], ArrowRight: [KEY_STEP, 0], ArrowUp: [0, -KEY_STEP], ArrowDown: [0, KEY_STEP] }[event.key];
        if (!delta) return;
        event.preventDefault();
        event.stopPropagation();
        const { x, y } = positionOf(device);
        commit(device, clamp(x + delta[0]!, PLAN_WIDTH), clamp(y + delta[1]!, PLAN_HEIGHT));
      },
    }),
  };
}
