// @vitest-environment jsdom
// The inquiry form's states as a component (issue 15 item 5), under jsdom: the send
// button is aria-disabled and described by a hint while the form is invalid (spec §4,
// record 220); an empty send shows the Wait toast and one message per field, focusing the
// first, never sending; choosing the truck
// reveals the required package choice and any other service hides and clears it; a
// "Book" button's choice is applied through the form's handle; a filled form closes the
// overlay at once and is sent, then reset with the spec's success toast; a refused send
// keeps every value, with the spec's failure toast.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { content, truckOperation, truckPackages } from '../../../content/index.js';
import { subscribeToasts } from '../toast/toast-store.js';
import { InquiryForm, type InquiryFormHandle, MESSAGES } from './inquiry-form.js';

const TRUCK = truckOperation(content);
const OTHER = content.otherOperations[0];
const PACKAGE = truckPackages(content)[0]!.name;

describe('the inquiry form', () => {
  const toasts: string[] = [];
  let unsubscribe: () => void;
  beforeEach(() => {
    localStorage.clear();
    toasts.length = 0;
    unsubscribe = subscribeToasts((state) => {
      toasts.splice(0, toasts.length, ...state.toasts.map((toast) => `${toast.title ?? ''}|${toast.message}`));
    });
  });
  afterEach(() => {
    unsubscribe();
    cleanup();
    vi.unstubAllGlobals();
  });

  const renderForm = () => {
    const handle = createRef<InquiryFormHandle>();
    const submitted = vi.fn();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<InquiryForm handle={handle} onSubmitted={submitted} />);
    return { handle, submitted, fetch, send: screen.getByRole('button', { name: 'Send inquiry' }) };
  };

  it('refuses an empty send: the Wait toast, one message per field, the first field focused, nothing sent', async () => {
    const { send, submitted, fetch } = renderForm();
    // Exposed as disabled (spec §4), described by what it waits for (record 220).
    expect(send.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(send.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Fill in every required field to send.',
    );
    expect(screen.getByRole('button', { name: 'Send inquiry' }).closest('form')!.noValidate).toBe(true);
    await userEvent.setup().click(send);
    expect(toasts).toContain(`${MESSAGES.wait.title}|${MESSAGES.wait.message}`);
    const firstName = screen.getByLabelText('First name');
    expect(document.activeElement).toBe(firstName);
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(`${firstName.id}-error`)!;
    expect(message.textContent).not.toBe('');
    expect(firstName.getAttribute('aria-describedby')).toContain(message.id);
    expect(document.querySelectorAll('.field-firstName .field-error')).toHaveLength(1);
    expect(submitted).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.setup().type(firstName, 'Ana');
    expect(document.getElementById(`${firstName.id}-error`)).toBeNull();
    expect(firstName.getAttribute('aria-invalid')).toBeNull();
  });

  it('reveals the package choice for the truck only, and clears it for any other service', async () => {
    renderForm();
    const user = userEvent.setup();
    const service = screen.getByLabelText(/Service/) as HTMLSelectElement;
    const packages = document.getElementById('inquiry-packageChoice') as HTMLSelectElement;
    expect(packages.closest('.field')!.hasAttribute('hidden')).toBe(true);
    await user.selectOptions(service, TRUCK);
    expect(packages.closest('.field')!.hasAttribute('hidden')).toBe(false);
    expect(packages.required).toBe(true);
    await user.selectOptions(packages, PACKAGE);
    if (!OTHER) return;
    await user.selectOptions(service, OTHER);
    expect(packages.value).toBe('');
    expect(packages.closest('.field')!.hasAttribute('hidden')).toBe(true);
  });

  it('opens on what a Book button chose', () => {
    const { handle } = renderForm();
    act(() => handle.current!.prepare({ operation: TRUCK, packageName: PACKAGE }));
    expect((screen.getByLabelText(/Service/) as HTMLSelectElement).value).toBe(TRUCK);
    expect((document.getElementById('inquiry-packageChoice') as HTMLSelectElement).value).toBe(PACKAGE);
    act(() => handle.current!.prepare({ operation: undefined, packageName: undefined }));
    expect((screen.getByLabelText(/Service/) as HTMLSelectElement).value).toBe('');
  });

  /** A visitor's answers, by label, as a person types them. */
  const ANSWERS: Record<string, string> = {
    'First name': 'Ana',
    'Last name': 'Ruiz',
    Email: 'ana@example.com',
    Phone: '+1 512 555 0199',
    Date: '2031-06-12',
    'Start time': '11:00',
    'End time': '14:30',
    'Planned guests': '80',
    'Street address': '12 Oak St',
    City: 'Austin',
    State: 'TX',
    'Postal code': '78701',
  };
  async function fillAndSend(answers: { status: number }) {
    const { send, submitted, fetch } = renderForm();
    fetch.mockImplementation(async (url: string) =>
      url === '/api/session'
        ? new Response(JSON.stringify({ token: 'token' }), { status: 200 })
        : new Response(JSON.stringify({ error: 'bad_request', message: 'No.' }), { status: answers.status }),
    );
    for (const [label, value] of Object.entries(ANSWERS)) {
      fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
    }
    fireEvent.change(screen.getByLabelText(/Service/), { target: { value: TRUCK } });
    fireEvent.change(document.getElementById('inquiry-packageChoice')!, { target: { value: PACKAGE } });
    await waitFor(() => expect(send.getAttribute('aria-describedby')).toBeNull());
    expect(send.getAttribute('aria-disabled')).toBe('false');
    await userEvent.setup().click(send);
    return { submitted, fetch };
  }

  it('sends a filled form: the overlay closes at once, then the form is reset with the success toast', async () => {
    const { submitted, fetch } = await fillAndSend({ status: 201 });
    expect(submitted).toHaveBeenCalledOnce();
    await waitFor(() => expect(toasts).toContain(`|${MESSAGES.sent}`));
    const put = fetch.mock.calls.find(([url]) => String(url).startsWith('/api/inquiries/'))!;
    expect(JSON.parse(put[1].body)).toMatchObject({
      firstName: 'Ana',
      operation: TRUCK,
      // The spec: 'package', taken from the form field packageChoice.
      package: PACKAGE,
      plannedGuestCount: 80,
    });
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('');
  });

  it('keeps every value when the send is refused, with the failure toast', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { submitted } = await fillAndSend({ status: 400 });
    expect(submitted).toHaveBeenCalledOnce();
    await waitFor(() => expect(toasts).toContain(`|${MESSAGES.failed}`));
    for (const [label, value] of Object.entries(ANSWERS)) {
      expect((screen.getByLabelText(label, { exact: true }) as HTMLInputElement).value, label).toBe(value);
    }
    expect((document.getElementById('inquiry-packageChoice') as HTMLSelectElement).value).toBe(PACKAGE);
  });
});
