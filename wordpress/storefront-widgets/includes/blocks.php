<?php
/**
 * The blocks (`storefront-widgets/…`), one folder each under blocks/ with its block.json,
 * rendered on the server by the same table as the shortcodes (includes/widgets.php). With
 * `usesContext: ['postId', 'postType']`, a block in a product's content, or in a product
 * template of a block theme, takes that product by default.
 *
 * @package StorefrontWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Registers the blocks and their editor script.
 */
final class Storefront_Widgets_Blocks {
	/**
	 * Block folder → widget.
	 */
	const BLOCKS = array(
		'review-summary' => 'review_summary',
		'reviews'        => 'reviews',
		'post-gallery'   => 'post_gallery',
		'shoppable-post' => 'shoppable_post',
		'rich-snippet'   => 'rich_snippet',
	);

	/**
	 * Registers on `init`.
	 */
	public static function hook() {
		add_action( 'init', array( __CLASS__, 'register' ) );
	}

	/**
	 * The editor script (plain JavaScript on WordPress's own `wp.*` globals: no build step),
	 * then each block from its block.json.
	 */
	public static function register() {
		wp_register_script(
			'storefront-widgets-editor',
			plugins_url( 'assets/editor.js', STOREFRONT_WIDGETS_FILE ),
			array( 'wp-blocks', 'wp-element', 'wp-components', 'wp-block-editor', 'wp-server-side-render', 'wp-i18n' ),
			STOREFRONT_WIDGETS_VERSION,
			true
		);
		foreach ( self::BLOCKS as $folder => $widget ) {
			register_block_type(
				STOREFRONT_WIDGETS_DIR . '/blocks/' . $folder,
				array(
					'render_callback' => static function ( $attributes, $content, $block ) use ( $widget ) {
						return Storefront_Widgets_Blocks::render( $widget, is_array( $attributes ) ? $attributes : array(), $block );
					},
				)
			);
		}
	}

	/**
	 * A block's element, in the block's wrapper (alignment, class names); the rich snippet,
	 * which shows nothing, without one.
	 *
	 * @param string        $widget     The widget.
	 * @param array         $attributes The block's attributes.
	 * @param WP_Block|null $block      The block, for its context.
	 * @return string
	 */
	public static function render( $widget, array $attributes, $block ) {
		$post_id = $block instanceof WP_Block && ! empty( $block->context['postId'] ) ? (int) $block->context['postId'] : null;
		$element = Storefront_Widgets_Widgets::element( $widget, $attributes, $post_id );
		if ( '' === $element || 'rich_snippet' === $widget ) {
			return $element;
		}
		return '<div ' . get_block_wrapper_attributes() . '>' . $element . '</div>';
	}
}
