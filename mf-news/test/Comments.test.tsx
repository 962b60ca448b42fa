import './polyfills';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { apiClient, initI18n, landingStore } from '@landing/shared';
import { Comments } from '../src/components/Comments';
import { registerNewsTranslations } from '../src/i18n';
import { PostedComment } from '@landing/domain/schemas/news';
import { apiFixture } from '@landing/domain/testing';
import { comment, renderWithRouter, reply as replyFixture } from './helpers';

initI18n('en');
registerNewsTranslations();

const rules = { min_length: 10, max_length: 1000, min_ovr: 45 };
const thread = [comment(1, 'First comment here', [replyFixture(2, 'A reply below it', 1)])];

beforeEach(() => {
  jest.restoreAllMocks();
  jest.spyOn(toast, 'success').mockImplementation(() => 'id');
  landingStore.setState({ modals: { contactModal: false, authForm: false, twoFactorAuth: false } });
});

function setup(user: { ovr: number } | null) {
  renderWithRouter(<Comments server="royal" slug="new-season" comments={thread} count={2} rules={rules} user={user} />);
}

test('shows the count and the list threaded one level', () => {
  setup(null);
  expect(screen.getByTestId('comments-count')).toHaveTextContent('2 comments');
  const [top, reply] = screen.getAllByTestId('comment');
  expect(top).toHaveTextContent('First comment here');
  expect(within(screen.getByRole('list', { name: '1 reply' })).getByText('A reply below it')).toBe(
    within(reply!).getByText('A reply below it'),
  );
});

test('a visitor sees "Users must be logged in to comment" and a login button that opens the auth form', () => {
  setup(null);
  expect(screen.getByTestId('comment-lock')).toHaveTextContent('Users must be logged in to comment');
  expect(screen.queryByRole('textbox')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  expect(landingStore.getState().modals.authForm).toBe(true);
  expect(landingStore.getState().isLoginWithRedirect).toBe(false);
});

test.each([45, 30])('a player with OVR %i (not above 45) sees the OVR message', (ovr) => {
  setup({ ovr });
  expect(screen.getByTestId('comment-lock')).toHaveTextContent('Only players with OVR higher than 45 can comment');
  expect(screen.queryByRole('textbox')).toBeNull();
});

test('too short: the minimum-length message, nothing sent, the text kept', async () => {
  const post = jest.spyOn(apiClient, 'post');
  setup({ ovr: 46 });
  const box = screen.getByRole('textbox', { name: 'Your comment' });
  fireEvent.change(box, { target: { value: '  too short ' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Post comment' })));
  expect(post).not.toHaveBeenCalled();
  expect(screen.getByRole('alert')).toHaveTextContent('The comment must be at least 10 characters long');
  expect(box).toHaveAttribute('aria-invalid', 'true');
  expect(box).toHaveValue('  too short ');
});

test('too long (over comment_rules.max_length): the maximum-length message, nothing sent, the text kept', async () => {
  const post = jest.spyOn(apiClient, 'post');
  renderWithRouter(
    <Comments server="royal" slug="s" comments={thread} count={2} rules={{ ...rules, max_length: 20 }} user={{ ovr: 70 }} />,
  );
  const box = screen.getByRole('textbox', { name: 'Your comment' });
  fireEvent.change(box, { target: { value: 'x'.repeat(21) } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Post comment' })));
  expect(post).not.toHaveBeenCalled();
  expect(screen.getByRole('alert')).toHaveTextContent('The comment must be at most 20 characters long');
  expect(box).toHaveValue('x'.repeat(21));
});

test('posting adds the comment on top, updates the count and clears the form', async () => {
  const post = jest.spyOn(apiClient, 'post').mockResolvedValue({
    status: 201,
    data: apiFixture(PostedComment, {
      comment: { ...replyFixture(9, 'Great update, thanks!', null), author: { id: 5, nickname: 'Me', ovr: 70 } },
      comments_count: 3,
    }),
  });
  setup({ ovr: 70 });
  const box = screen.getByRole('textbox', { name: 'Your comment' });
  fireEvent.change(box, { target: { value: '  Great update, thanks!  ' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Post comment' })));
  expect(post).toHaveBeenCalledWith('/news/new-season/comments', { text: 'Great update, thanks!' });
  expect(screen.getAllByTestId('comment')[0]).toHaveTextContent('Great update, thanks!');
  expect(screen.getByTestId('comments-count')).toHaveTextContent('3 comments');
  expect(box).toHaveValue('');
});

test('a reply goes to the thread (parent_id of the top-level comment) and appears under it', async () => {
  const post = jest.spyOn(apiClient, 'post').mockResolvedValue({
    status: 201,
    data: apiFixture(PostedComment, { comment: replyFixture(10, 'Agreed, much better', 1), comments_count: 3 }),
  });
  setup({ ovr: 70 });
  // Replying to the reply joins the same thread.
  const reply = screen.getAllByTestId('comment')[1]!;
  fireEvent.click(within(reply).getByRole('button', { name: 'Reply' }));
  const box = screen.getByRole('textbox', { name: 'Your reply to Player2' });
  expect(box).toHaveFocus();
  fireEvent.change(box, { target: { value: 'Agreed, much better' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Post reply' })));
  expect(post).toHaveBeenCalledWith('/news/new-season/comments', { text: 'Agreed, much better', parent_id: 1 });
  const replies = screen.getByRole('list', { name: '2 replies' });
  expect(within(replies).getByText('Agreed, much better')).toBeInTheDocument();
  expect(screen.queryByTestId('reply-form')).toBeNull();
  expect(screen.getByTestId('comments-count')).toHaveTextContent('3 comments');
});

test('an error keeps the text as typed', async () => {
  jest.spyOn(apiClient, 'post').mockRejectedValue(new Error('Request failed with status code 422'));
  setup({ ovr: 70 });
  const box = screen.getByRole('textbox', { name: 'Your comment' });
  fireEvent.change(box, { target: { value: 'This one will fail to post' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Post comment' })));
  expect(box).toHaveValue('This one will fail to post');
  expect(screen.getByRole('button', { name: 'Post comment' })).toBeEnabled();
});

test('markup in a comment is shown as text and never becomes elements', () => {
  const xss = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
  renderWithRouter(<Comments server="royal" slug="s" comments={[comment(3, xss)]} count={1} rules={rules} user={null} />);
  const text = screen.getByTestId('comment-text');
  expect(text).toHaveTextContent(xss);
  expect(text.querySelector('img, script')).toBeNull();
  expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
});

test('the text typed before the session ended is still there after logging in again', () => {
  const { rerender } = renderWithRouter(<Comments server="royal" slug="s" comments={thread} count={2} rules={rules} user={{ ovr: 70 }} />);
  fireEvent.change(screen.getByRole('textbox', { name: 'Your comment' }), { target: { value: 'Half-written thought' } });
  rerender(<Comments server="royal" slug="s" comments={thread} count={2} rules={rules} user={null} />);
  expect(screen.queryByRole('textbox')).toBeNull();
  rerender(<Comments server="royal" slug="s" comments={thread} count={2} rules={rules} user={{ ovr: 70 }} />);
  expect(screen.getByRole('textbox', { name: 'Your comment' })).toHaveValue('Half-written thought');
});
