import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { VideoSettingsSchema } from '../../../../shared/schemas/video-settings.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { VideoFacade } from '../../home/components/video-facade.tsx';
import { useAdminQuery } from '../common/admin-query.tsx';
import { ConfirmDialog } from '../common/dialogs/confirm-dialog.tsx';
import { useConfirmAction } from '../common/dialogs/use-confirm-action.ts';
import { Field, RequiredNote } from '../common/forms/form-fields.tsx';
import { LoadFailed } from '../common/resource-view.tsx';
import { AdminPage, FormAlert, MUTED_TEXT, Section } from '../common/shell/admin-page.tsx';
import { publicSettingsQuery, removeVideo, saveVideo } from './api/video-settings.ts';

/** Seed §4/§9: video toasts last 3 s. */
export const VIDEO_TOAST_MS = 3000;
/** Seed §8. */
export const VIDEO_FAILURES = {
  load: 'Failed to load current video',
  update: 'Failed to update video',
} as const;

type FormValues = z.input<typeof VideoSettingsSchema>;
type Saved = z.output<typeof VideoSettingsSchema>;

/**
 * Seed §2 "Video Settings": one form for the featured YouTube video (a link or
 * a bare id, checked by the seed's rules in the shared schema; only the id is saved) and a preview
 * of the current video, the same click-to-play player the home page shows. The video is optional
 * (seed §2 "Home"): 'Remove video' takes it off the home page, after asking.
 */
export default function VideoSettingsPage() {
  const settings = useAdminQuery(publicSettingsQuery);
  const saving = useMutation({ mutationFn: saveVideo });
  const removing = useMutation({ mutationFn: removeVideo });
  const { showToast } = useToast();
  // The id just saved; until then the one the site has.
  const [savedId, setSavedId] = useState<string>();
  const currentId = savedId ?? settings.data?.youtubeVideoId;

  const form = useForm<FormValues, unknown, Saved>({
    resolver: zodResolver(VideoSettingsSchema),
    defaultValues: { url: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const url = form.register('url');
  const urlInput = useRef<HTMLInputElement | null>(null);

  // The site's current id fills the field once known, unless the admin has started typing.
  const loadedId = settings.data?.youtubeVideoId;
  useEffect(() => {
    if (loadedId !== undefined && !form.getFieldState('url').isDirty) form.reset({ url: loadedId });
  }, [form, loadedId]);

  const onSubmit = form.handleSubmit(async ({ url }) => {
    try {
      // The server parses the text again by the same rules; sending the id is enough.
      const saved = await saving.mutateAsync(url);
      setSavedId(saved.youtubeVideoId);
      form.reset({ url: saved.youtubeVideoId });
      showToast('Video updated successfully', { variant: 'success', durationMs: VIDEO_TOAST_MS });
    } catch (error) {
      const message = error instanceof ApiError ? error.fields?.url : undefined;
      if (message) form.setError('url', { message }, { shouldFocus: true });
      form.setError('root', { message: VIDEO_FAILURES.update });
    }
  });

  const removal = useConfirmAction({
    act: () => removing.mutateAsync(),
    done: (_, removed) => {
      setSavedId(removed.youtubeVideoId);
      form.reset({ url: removed.youtubeVideoId });
      showToast('Video removed successfully', { variant: 'success', durationMs: VIDEO_TOAST_MS });
    },
    failure: () => VIDEO_FAILURES.update,
    // The Remove button goes with the video: the field is where a new one would be entered.
    focusAfter: urlInput,
  });

  return (
    <AdminPage title="Video Settings">
      <Section title="Featured YouTube video">
        <div className="mb-4">
          <CurrentVideoId
            id={currentId}
            failed={savedId === undefined && settings.error !== undefined}
            onRetry={settings.reload}
          />
        </div>
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="flex max-w-2xl flex-col gap-4"
        >
          <FormAlert message={errors.root?.message} />
          <RequiredNote />
          <Field
            label="YouTube video URL or ID"
            required
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://www.youtube.com/watch?v=…"
            hint="A youtube.com/watch, youtube.com/embed or youtu.be link, or the 11-character video ID. Only the ID is kept."
            error={errors.url?.message}
            {...url}
            ref={(element) => {
              url.ref(element);
              urlInput.current = element;
            }}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={isSubmitting}>
              Save Video
            </Button>
            {currentId ? (
              <Button variant="outline" onClick={() => removal.ask(currentId)}>
                Remove video
              </Button>
            ) : null}
          </div>
        </form>
      </Section>
      {/* The preview is the home page's own player: what visitors see, from YouTube only on click. */}
      {currentId ? (
        <div className="-my-12">
          <VideoFacade videoId={currentId} />
        </div>
      ) : null}
      <ConfirmDialog
        {...removal.dialog}
        title="Remove video"
        question="Are you sure you want to remove the featured video? The home page shows no video until a new one is saved."
        confirmLabel="Remove"
      />
    </AdminPage>
  );
}

/** What the site shows now, or why that is not known. */
function CurrentVideoId({
  id,
  failed,
  onRetry,
}: {
  id: string | undefined;
  failed: boolean;
  onRetry: () => void;
}) {
  if (failed) return <LoadFailed message={VIDEO_FAILURES.load} onRetry={onRetry} />;
  if (id === undefined) return <p role="status">Loading…</p>;
  if (!id) return <p className={MUTED_TEXT}>No video is set: the home page shows none.</p>;
  return (
    <p>
      Current video ID: <code className="font-mono">{id}</code>
    </p>
  );
}
