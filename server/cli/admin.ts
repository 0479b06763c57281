// Placeholder; the admin command (promote, demote, list, …) lands with the accounts issue.
console.log('usage: npm run admin -- <command>');
