import { act } from '@testing-library/react';

/**
 * Stands in for EventSource in page tests (`vi.stubGlobal('EventSource', FakeEventSource)`):
 * records every stream the page opens and lets a test push server events into it, inside act()
 * so React renders what they cause.
 */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  emit(type: string, data: unknown) {
    act(() => {
      for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: JSON.stringify(data) }));
    });
  }
}
