// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldErrors } from '../../shared/schemas/field-errors.ts';
import { signInSchema } from '../../shared/schemas/sign-in.ts';
import { PasswordInput } from '../../shared/ui/password-input.tsx';
import { SignInFields } from '../../shared/ui/sign-in-fields.tsx';
import { useValidatedForm, type ValidatedFormOptions } from '../../shared/ui/use-validated-form.ts';

afterEach(cleanup);

type Values = { email: string; password: string };
const validators = { signIn: (values: Values) => fieldErrors(signInSchema, values) };

function SignInHarness(props: {
  load: () => Promise<typeof validators>;
  onValid: (values: Values) => Promise<void>;
  preloadOnFocus?: boolean;
}) {
  const options: ValidatedFormOptions<Values, typeof validators> = {
    initialValues: { email: '', password: '' },
    load: props.load,
    validate: (loaded, values) => loaded.signIn(values),
    preloadOnFocus: props.preloadOnFocus,
  };
  const form = useValidatedForm(options);
  return (
    <form onSubmit={form.handleSubmit(props.onValid)} aria-label="Sign In" noValidate>
      <SignInFields form={form} />
    </form>
  );
}

const ready = () => Promise.resolve(validators);
const errorTexts = () => screen.queryAllByRole('alert').map((node) => node.textContent);

describe('useValidatedForm with SignInFields', () => {
  it('validates only once submitted, then on every change, and submits valid values', async () => {
    const load = vi.fn(ready);
    const onValid = vi.fn(async () => {});
    render(<SignInHarness load={load} onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada');
    expect(load).not.toHaveBeenCalled();
    expect(errorTexts()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(errorTexts()).toEqual(['Invalid email address', 'Password is required']);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(onValid).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Email'), '@example.com');
    await vi.waitFor(() => expect(errorTexts()).toEqual(['Password is required']));
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await vi.waitFor(() => expect(errorTexts()).toEqual([]));

    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' }));
  });

  it("is busy ('Signing in...', disabled) until the submit handler settles", async () => {
    let finish = () => {};
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<SignInHarness load={ready} onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const busyButton = await screen.findByRole('button', { name: 'Signing in...' });
    expect((busyButton as HTMLButtonElement).disabled).toBe(true);
    await act(() => Promise.resolve(finish()));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(onValid).toHaveBeenCalledTimes(1);
  });

  it('drops a validation result that a later change has made stale', async () => {
    // The first load is slow (the chunk is still downloading); later ones are instant.
    let releaseFirst = () => {};
    const slowFirst = new Promise<typeof validators>((resolve) => (releaseFirst = () => resolve(validators)));
    const load = vi.fn().mockReturnValueOnce(slowFirst).mockImplementation(ready);
    render(<SignInHarness load={load} onValid={async () => {}} />);
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    fireEvent.submit(screen.getByRole('form', { name: 'Sign In' }));
    // While the submit's validation waits, the e-mail is fixed: that validation runs and wins.
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await act(() => Promise.resolve(releaseFirst()));
    await act(() => Promise.resolve());
    expect(errorTexts()).toEqual([]);
  });

  it('starts loading on focus only when asked to', () => {
    const load = vi.fn(ready);
    const { unmount } = render(<SignInHarness load={load} onValid={async () => {}} />);
    fireEvent.focus(screen.getByLabelText('Email'));
    expect(load).not.toHaveBeenCalled();
    unmount();
    render(<SignInHarness load={load} onValid={async () => {}} preloadOnFocus />);
    fireEvent.focus(screen.getByLabelText('Email'));
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('PasswordInput', () => {
  it('shows and hides the password, with an eye of the given size', async () => {
    render(<PasswordInput aria-label="Password" iconSize={16} defaultValue="secret" />);
    const input = screen.getByLabelText<HTMLInputElement>('Password');
    expect(input.type).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.querySelector('svg')?.getAttribute('width')).toBe('16');
    await userEvent.click(toggle);
    expect(input.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });
});
