/**
 * The document resource (API 2.1) as the service takes it: the body of the create,
 * replace and batch operations. Rules that depend on the request (an id in the path, an
 * id the service picks) are checked by `validateDocument`. The client checks the same
 * rules before sending (src/client/validateDocuments.ts, tested against this schema).
 */
import Type, { type Static } from 'typebox';
import {
  CUSTOM_VALUE_PROBLEM,
  DOC_DATE_PROBLEM,
  FIELD_NAME_PATTERN,
  FIELD_NAME_PROBLEM,
  isDocDate,
  isWebUrl,
  LANGUAGE_PATTERN,
  LANGUAGE_PROBLEM,
  thumbnailProblem,
  WEB_URL_PROBLEM,
} from '../../src/client/fieldRules.ts';
import { CUSTOM_FIELD_ARRAY_MAX, CUSTOM_FIELDS_MAX, ID_MAX_CHARS, THUMBNAIL_B64_MAX_CHARS, URL_MAX_CHARS } from '../../src/client/limits.ts';
import { schemaCheck } from './schemaProblems.ts';
import { StoredText } from './storedText.ts';

/** A document's id, in the body or the path. */
export const DocumentId = StoredText({ minLength: 1, maxLength: ID_MAX_CHARS });

const WebUrl = Type.Refine(StoredText({ maxLength: URL_MAX_CHARS }), isWebUrl, () => WEB_URL_PROBLEM);

const Thumbnail = Type.Refine(
  StoredText({ maxLength: THUMBNAIL_B64_MAX_CHARS }),
  (text) => thumbnailProblem(text) === null,
  (text) => thumbnailProblem(text) ?? '',
);

const CustomFieldValue = Type.Union([StoredText(), Type.Number(), Type.Array(StoredText(), { maxItems: CUSTOM_FIELD_ARRAY_MAX })], {
  errorMessage: CUSTOM_VALUE_PROBLEM,
});

export const DocumentBody = Type.Object(
  {
    id: Type.Optional(DocumentId),
    url: Type.Optional(WebUrl),
    thumbnail_external_src: Type.Optional(WebUrl),
    thumbnail_b64: Type.Optional(Thumbnail),
    language: Type.Optional(StoredText({ pattern: LANGUAGE_PATTERN, errorMessage: LANGUAGE_PROBLEM })),
    title: Type.Optional(StoredText()),
    main_content: Type.Optional(StoredText()),
    doc_date: Type.Optional(Type.Refine(StoredText(), isDocDate, () => DOC_DATE_PROBLEM)),
    custom_fields: Type.Optional(
      Type.Record(Type.String(), CustomFieldValue, {
        maxProperties: CUSTOM_FIELDS_MAX,
        propertyNames: { pattern: FIELD_NAME_PATTERN, errorMessage: FIELD_NAME_PROBLEM },
      }),
    ),
  },
  { additionalProperties: false, errorMessage: 'must be a JSON object' },
);
export type DocumentBody = Static<typeof DocumentBody>;

export const documentBodyCheck = schemaCheck(DocumentBody, 'a document');
export const documentIdCheck = schemaCheck(DocumentId, 'the document id');
