/**
 * What the About page says until the operator writes their own (ABOUT_FILE, docs/DEPLOY.md): what
 * each section is for, so that nobody publishes the calendar without saying who runs it.
 */
export const DEFAULT_ABOUT = `# About this calendar

This is a community calendar of protests, cultural, educational and digital events in support of
Palestine. Anyone may submit an event; volunteer moderators review each one before it is published.

> **To the people running this site:** replace this text with your own. Write it in Markdown in a file
> and name that file in the \`ABOUT_FILE\` setting. Say at least what the sections below ask.

## Who runs this calendar

Name the group or the people behind this site, and where they are.

## Contact

How to reach the moderators: an email address, and how to send something sensitive safely.

## Moderation policy

What is published and what is not, how quickly submissions are reviewed, why an event may be rejected
or removed, and how to appeal. Every rejection and removal is listed in the [transparency log](/log).

## What “Verified” means

A Verified badge means a moderator confirmed the event with a trusted organisation. Say which
organisations verify events here, and how an organisation can become one.
`;
