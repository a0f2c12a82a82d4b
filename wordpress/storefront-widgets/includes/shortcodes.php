<?php
/**
 * The shortcodes, for classic themes and page builders: `[svc_review_summary]`,
 * `[svc_reviews]`, `[svc_post_gallery]`, `[svc_shoppable_post]` and `[svc_rich_snippet]`.
 * They take the elements' attribute names with `_` for `-` (`product_ref`, `page_size`),
 * checked by the widgets' table (includes/widgets.php); on a product page the product is
 * the page's own unless `product_ref` names another.
 *
 * @package StorefrontWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Registers one shortcode per widget.
 */
final class Storefront_Widgets_Shortcodes {
	/**
	 * Adds the shortcodes.
	 */
	public static function hook() {
		foreach ( array_keys( Storefront_Widgets_Widgets::definitions() ) as $widget ) {
			add_shortcode(
				'svc_' . $widget,
				static function ( $attributes ) use ( $widget ) {
					return Storefront_Widgets_Widgets::element( $widget, is_array( $attributes ) ? $attributes : array() );
				}
			);
		}
	}
}
