<?php
/**
 * Plugin Name:       Storefront widgets
 * Description:       Customer photos and videos, shoppable posts, review summaries and review stars in search results, from the Storefront API: blocks and shortcodes, with each product page's product filled in.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * License:           MIT
 * Text Domain:       storefront-widgets
 *
 * @package StorefrontWidgets
 */

defined( 'ABSPATH' ) || exit;

define( 'STOREFRONT_WIDGETS_VERSION', '0.1.0' );
define( 'STOREFRONT_WIDGETS_FILE', __FILE__ );
define( 'STOREFRONT_WIDGETS_DIR', __DIR__ );

require_once __DIR__ . '/includes/settings.php';
require_once __DIR__ . '/includes/widgets.php';
require_once __DIR__ . '/includes/assets.php';
require_once __DIR__ . '/includes/shortcodes.php';
require_once __DIR__ . '/includes/blocks.php';
require_once __DIR__ . '/includes/admin.php';

Storefront_Widgets_Assets::hook();
Storefront_Widgets_Shortcodes::hook();
Storefront_Widgets_Blocks::hook();
if ( is_admin() ) {
	Storefront_Widgets_Admin::hook();
}
