import { ImagePlus, LoaderCircle, Trash2 } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { type EventImage, IMAGE_LIMITS, imageSrcSet } from '../../../../common/images';
import { IMAGE_TOO_LARGE } from '../../../../common/schemas/images';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { addCatalog } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { ApiRequestError } from '../../../lib/api';
import { apiErrorText, messageText } from '../../../lib/errorTexts';
import { useMessages } from '../../../lib/messages';
import flyerCatalog from '../../../locales/en/flyer.json';
import { useUploadImage } from '../api/uploadImage';

addCatalog('flyer', flyerCatalog);

/** What the accept attribute offers: the types the server decodes (never SVG; HEIC is refused). */
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/avif,.jpg,.jpeg,.png,.webp,.avif';

/**
 * "Flyer or image" (docs/PRODUCT.md#flyers): the chosen file is sent at once (POST /api/images), and
 * the server's re-encoded copy is the preview, so what shows is exactly what will be published. The
 * alt text is required once there is an image. Only with JavaScript: the plain form has no file field.
 */
export function FlyerField({
  image,
  onChange,
  altError,
  imageError,
}: {
  image: EventImage | null;
  onChange: (image: EventImage | null) => void;
  /** The form's or the server's message for the alt text, and for the image itself. */
  altError?: string | undefined;
  imageError?: string | undefined;
}) {
  const { t, i18n } = useTranslation('flyer');
  const tm = useMessages();
  const upload = useUploadImage();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFailure(null);
    if (file.size > IMAGE_LIMITS.maxBytes) {
      setFailure(messageText(IMAGE_TOO_LARGE, tm));
      return;
    }
    upload.mutate(file, {
      onSuccess: (uploaded) =>
        onChange({
          id: uploaded.id,
          hash: uploaded.hash,
          width: uploaded.width,
          height: uploaded.height,
          alt: image?.alt ?? '',
        }),
      onError: (error) =>
        setFailure(error instanceof ApiRequestError ? apiErrorText(error, tm) : t('uploadFailed')),
    });
  };

  const error = failure ?? imageError;
  return (
    <fieldset className="space-y-4" aria-describedby={`${id}-hint`}>
      <legend className="block text-sm font-semibold text-stone-800 dark:text-stone-100">{t('label')}</legend>
      <p id={`${id}-hint`} className="text-sm text-stone-600 dark:text-stone-400">
        {/* Format names are names, in every language: not translated, and marked so. */}
        <Trans
          t={t}
          i18n={i18n}
          i18nKey="hint"
          values={{ max: IMAGE_LIMITS.maxBytes / 1024 / 1024 }}
          components={{
            formats: <span translate="no">JPEG, PNG, WebP, AVIF</span>,
            heic: <span translate="no">HEIC</span>,
            jpeg: <span translate="no">JPEG</span>,
          }}
        />
      </p>
      {image ? (
        <div className="w-full max-w-sm overflow-hidden rounded-lg border border-stone-200 bg-stone-100 dark:border-stone-700 dark:bg-stone-900">
          <picture>
            <source
              type="image/webp"
              srcSet={imageSrcSet(image, 'webp')}
              sizes="(min-width: 640px) 24rem, 100vw"
            />
            <img
              src={imageSrcSet(image, 'jpg').split(' ')[0]}
              srcSet={imageSrcSet(image, 'jpg')}
              sizes="(min-width: 640px) 24rem, 100vw"
              width={image.width}
              height={image.height}
              alt={image.alt}
              data-testid="flyer-preview"
              className="block h-auto w-full"
            />
          </picture>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={ACCEPTED}
          onChange={choose}
          className="sr-only"
          // The button below opens it; named for assistive technology, and not a second stop for Tab.
          aria-label={t('choose')}
          tabIndex={-1}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button variant="secondary" onClick={() => input.current?.click()} disabled={upload.isPending}>
          {upload.isPending ? (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          ) : (
            <ImagePlus aria-hidden="true" className="size-5" />
          )}
          {upload.isPending ? t('uploading') : image ? t('replace') : t('choose')}
        </Button>
        {image ? (
          <Button variant="ghost" onClick={() => onChange(null)} disabled={upload.isPending}>
            <Trash2 aria-hidden="true" className="size-5" />
            {t('remove')}
          </Button>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger-600 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {image ? (
        <Field id={`${id}-alt`} label={t('altLabel')} required hint={t('altHint')} error={altError}>
          {(p) => (
            <textarea
              {...p}
              name="imageAlt"
              dir="auto"
              rows={2}
              maxLength={IMAGE_LIMITS.altMax}
              value={image.alt}
              onChange={(e) => onChange({ ...image, alt: e.target.value })}
              className={`${p.className} resize-y`}
            />
          )}
        </Field>
      ) : null}
    </fieldset>
  );
}
