-- Snapshot kinds (balances, portfolios) store their one object under the id "current"; the stock
-- portfolio, the first of them, used "portfolio".
UPDATE "synced_objects" SET "provider_id" = 'current' WHERE "kind" = 'stock_portfolio' AND "provider_id" = 'portfolio';
